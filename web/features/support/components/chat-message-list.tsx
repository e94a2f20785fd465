import { MessagesSquare } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { ChatMessage, ChatSenderType, TicketNote } from '@common/support'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import type { OutgoingChatMessage } from '../api/chat-outbox'
import { ChatMessageItem } from './chat-message-item'
import { TicketNoteItem } from './ticket-note-item'
import { UnsentChatMessageItem } from './unsent-chat-message-item'

type ChatMessageListProps = {
  messages: ChatMessage[] | undefined
  /** The viewer's messages on their way, after the stored ones. */
  unsent: readonly OutgoingChatMessage[]
  isError: boolean
  onReload: () => void
  onRetrySend: (clientMessageId: string) => void
  onDeleteUnsent: (clientMessageId: string) => void
  viewer: ChatSenderType
  /** Shown on the viewer's unsent messages. */
  senderName: string
  /** Admins only: private notes, shown among the messages in time order. */
  notes?: readonly TicketNote[]
  /** The log's height: fixed on the customer's page, filling its pane in the Support Center. */
  className?: string
}

type TimelineEntry =
  | { kind: 'message'; at: string; message: ChatMessage }
  | { kind: 'note'; at: string; note: TicketNote }

/** Messages and notes in the order they were written. */
function timeline(messages: ChatMessage[], notes: readonly TicketNote[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...messages.map((message) => ({ kind: 'message' as const, at: message.createdAt, message })),
    ...notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, note })),
  ]
  // Stable: messages keep their order among themselves.
  return notes.length === 0
    ? entries
    : entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
}

/** The scrolling conversation; screen readers hear new messages as they arrive. */
export function ChatMessageList({
  messages,
  unsent,
  isError,
  onReload,
  onRetrySend,
  onDeleteUnsent,
  viewer,
  senderName,
  notes = [],
  className,
}: ChatMessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const count = (messages?.length ?? 0) + unsent.length + notes.length

  useEffect(() => {
    const element = scrollRef.current
    if (element) element.scrollTop = element.scrollHeight
  }, [count])

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-live="polite"
      aria-label="Chat messages"
      tabIndex={0}
      className={cn(
        'relative overflow-y-auto rounded-lg border bg-background p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className ?? 'h-96',
      )}
    >
      {messages === undefined ? (
        isError ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-center text-sm">
            <p className="text-muted-foreground">The conversation could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={onReload}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="flex h-full items-center justify-center">
            <Spinner className="size-6 text-primary" label="Loading messages" />
          </div>
        )
      ) : count === 0 ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-sm text-muted-foreground">
          <MessagesSquare className="size-8" aria-hidden />
          <p>
            {viewer === 'customer'
              ? 'No messages yet. Write to us below and a support agent will answer here.'
              : 'No messages yet.'}
          </p>
        </div>
      ) : (
        <ol className="flex flex-col gap-4">
          {/* Keyed by the browser's id where there is one, so a message that was unsent stays
              the same item once stored and is not announced twice. */}
          {timeline(messages, notes).map((entry) =>
            entry.kind === 'note' ? (
              <TicketNoteItem key={entry.note.id} note={entry.note} />
            ) : (
              <ChatMessageItem
                key={entry.message.clientMessageId ?? entry.message.id}
                message={entry.message}
                isOwn={entry.message.senderType === viewer}
              />
            ),
          )}
          {unsent.map((entry) => (
            <UnsentChatMessageItem
              key={entry.clientMessageId}
              entry={entry}
              senderName={senderName}
              onRetry={onRetrySend}
              onDelete={onDeleteUnsent}
            />
          ))}
        </ol>
      )}
    </div>
  )
}
