import { AlertCircle, Clock } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { OutgoingChatMessage } from '../api/chat-outbox'
import { ChatBubble } from './chat-message-item'

type UnsentChatMessageItemProps = {
  entry: OutgoingChatMessage
  senderName: string
  onRetry: (clientMessageId: string) => void
  onDelete: (clientMessageId: string) => void
}

/**
 * A message of the viewer's that the server has not stored yet: "Sending…" while it waits for
 * the connection, or the server's refusal with Retry and Delete.
 */
export function UnsentChatMessageItem({
  entry,
  senderName,
  onRetry,
  onDelete,
}: UnsentChatMessageItemProps) {
  const { clientMessageId, error } = entry
  return (
    <ChatBubble
      senderName={senderName}
      text={entry.message}
      isOwn
      isUnsent
      status={
        error === null ? (
          <span className="flex items-center gap-1">
            <Clock className="size-3" aria-hidden />
            Sending…
          </span>
        ) : (
          <span className="flex items-center gap-1 font-medium text-destructive">
            <AlertCircle className="size-3" aria-hidden />
            Not sent
          </span>
        )
      }
    >
      {error !== null && (
        <div className="flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 gap-y-1 text-xs">
          <span className="text-destructive">{error}</span>
          <Button variant="outline" size="sm" onClick={() => onRetry(clientMessageId)}>
            Retry
          </Button>
          <Button variant="ghost-destructive" size="sm" onClick={() => onDelete(clientMessageId)}>
            Delete
          </Button>
        </div>
      )}
    </ChatBubble>
  )
}
