import { supportAgentName, type ChatSenderType, type TicketNote } from '@common/support'
import { cn } from '@/lib/utils'
import { useChatMessages } from '../api/get-chat-messages'
import { useSendChatMessage } from '../api/send-chat-message'
import { useIsOtherSideTyping, useNotifyTyping } from '../api/use-typing'
import { ChatComposer, type AgentComposerTools } from './chat-composer'
import { ChatMessageList } from './chat-message-list'

type ChatPanelProps = {
  ticketId: string
  /** Whose side this is: their messages sit on the right and are sent as this type. */
  viewer: ChatSenderType
  /** The name the viewer's messages show while they are on their way; the server signs them. */
  senderName: string
  /** Who "is typing…" on the other side; by default the agent who last answered. */
  otherSideName?: string
  /** How often to poll while the live socket is down (2 s customer, 1 s lobby). */
  fallbackPollMs: number
  /** Admins: private notes among the messages, saved replies and the Note mode. */
  agent?: AgentComposerTools & { notes: readonly TicketNote[] }
  /** Fills its pane (the Support Center) instead of the customer page's fixed height. */
  isFullHeight?: boolean
}

/** A ticket's live conversation with its reply box and the other side's typing. */
export function ChatPanel({
  ticketId,
  viewer,
  senderName,
  otherSideName,
  fallbackPollMs,
  agent,
  isFullHeight,
}: ChatPanelProps) {
  const messages = useChatMessages(ticketId, fallbackPollMs)
  const outgoing = useSendChatMessage(ticketId, viewer)
  const isOtherTyping = useIsOtherSideTyping(ticketId, viewer)
  const notifyTyping = useNotifyTyping(ticketId)
  // Stored while its answer was lost (it came by the socket or a refetch): never shown twice.
  const storedIds = new Set(messages.data?.map((message) => message.clientMessageId))
  const unsent = outgoing.pending.filter((entry) => !storedIds.has(entry.clientMessageId))
  const typingName =
    otherSideName ??
    messages.data?.findLast((message) => message.senderType !== viewer)?.senderName ??
    supportAgentName

  return (
    <div className={cn('grid gap-2', isFullHeight && 'min-h-0 flex-1 grid-rows-[1fr_auto_auto]')}>
      <ChatMessageList
        messages={messages.data}
        unsent={unsent}
        isError={messages.isError}
        onReload={() => void messages.refetch()}
        onRetrySend={(clientMessageId) => void outgoing.retry(clientMessageId)}
        onDeleteUnsent={outgoing.remove}
        viewer={viewer}
        senderName={senderName}
        notes={agent?.notes}
        className={isFullHeight ? 'min-h-48' : undefined}
      />
      <p aria-live="polite" className="h-4 px-1 text-xs text-muted-foreground italic">
        {isOtherTyping && `${typingName} is typing…`}
      </p>
      <ChatComposer
        onSend={(message) => void outgoing.send(message)}
        onTyping={notifyTyping}
        agent={agent}
      />
    </div>
  )
}
