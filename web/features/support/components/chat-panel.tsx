import type { ChatSenderType } from '@common/support'
import { useChatMessages } from '../api/get-chat-messages'
import { useSendChatMessage } from '../api/send-chat-message'
import { ChatComposer } from './chat-composer'
import { ChatMessageList } from './chat-message-list'

type ChatPanelProps = {
  ticketId: string
  /** Whose side this is: their messages sit on the right and are sent as this type. */
  viewer: ChatSenderType
  /** The name the viewer's messages show while they are on their way; the server signs them. */
  senderName: string
  /** How often to poll while the live socket is down (spec §9: 2 s customer, 1 s lobby). */
  fallbackPollMs: number
}

/** A ticket's live conversation with its reply box. */
export function ChatPanel({ ticketId, viewer, senderName, fallbackPollMs }: ChatPanelProps) {
  const messages = useChatMessages(ticketId, fallbackPollMs)
  const outgoing = useSendChatMessage(ticketId, viewer)
  // Stored while its answer was lost (it came by the socket or a refetch): never shown twice.
  const storedIds = new Set(messages.data?.map((message) => message.clientMessageId))
  const unsent = outgoing.pending.filter((entry) => !storedIds.has(entry.clientMessageId))

  return (
    <div className="grid gap-3">
      <ChatMessageList
        messages={messages.data}
        unsent={unsent}
        isError={messages.isError}
        onReload={() => void messages.refetch()}
        onRetrySend={(clientMessageId) => void outgoing.retry(clientMessageId)}
        onDeleteUnsent={outgoing.remove}
        viewer={viewer}
        senderName={senderName}
      />
      <ChatComposer onSend={(message) => void outgoing.send(message)} />
    </div>
  )
}
