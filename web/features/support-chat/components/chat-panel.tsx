import type { ChatSenderType } from '@common/support'
import { showToast } from '@/lib/toast'
import { useChatMessages } from '../api/get-chat-messages'
import { useSendChatMessage } from '../api/send-chat-message'
import { ChatComposer } from './chat-composer'
import { ChatMessageList } from './chat-message-list'

type ChatPanelProps = {
  ticketId: string
  /** Whose side this is: their messages sit on the right and are sent as this type. */
  viewer: ChatSenderType
  senderName: string
  /** How often to poll while the live socket is down (spec §9: 2 s customer, 1 s lobby). */
  fallbackPollMs: number
}

/** A ticket's live conversation with its reply box. */
export function ChatPanel({ ticketId, viewer, senderName, fallbackPollMs }: ChatPanelProps) {
  const messages = useChatMessages(ticketId, fallbackPollMs)
  const sendMessage = useSendChatMessage()

  const handleSend = (message: string) =>
    sendMessage
      .mutateAsync({ ticketId, senderType: viewer, senderName, message })
      .then(() => true)
      .catch(() => {
        showToast({
          title: 'Error',
          description: 'Failed to send message. Please try again.',
          variant: 'destructive',
        })
        return false
      })

  return (
    <div className="grid gap-3">
      <ChatMessageList
        messages={messages.data}
        isError={messages.isError}
        onRetry={() => void messages.refetch()}
        viewer={viewer}
      />
      <ChatComposer onSend={handleSend} />
    </div>
  )
}
