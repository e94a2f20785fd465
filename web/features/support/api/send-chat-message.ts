import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import type { ChatMessage, ChatSenderType, SendChatMessageInput } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { useLiveSocketResync } from '@/lib/live-socket-context'
import { randomUuid } from '@/lib/random-uuid'
import { showToast } from '@/lib/toast'
import { ChatOutbox, type OutgoingChatMessage } from './chat-outbox'
import { addChatMessage } from './get-chat-messages'

// A request that hangs is abandoned and sent again; the server stores the message once.
const timeoutMs = 15_000

/**
 * POST /api/chat-messages: the stored message (201), also for a resend of one already stored.
 * No sender name is sent: the server names every sender (admins are the Support Agent).
 */
export function sendChatMessage(input: SendChatMessageInput): Promise<ChatMessage> {
  return apiJson<ChatMessage>('POST', '/api/chat-messages', input, AbortSignal.timeout(timeoutMs))
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

// One queue per app (its query client), whichever chats are open.
const outboxes = new WeakMap<QueryClient, ChatOutbox>()

function outboxFor(queryClient: QueryClient): ChatOutbox {
  let outbox = outboxes.get(queryClient)
  if (!outbox) {
    outbox = new ChatOutbox({
      storage: browserStorage(),
      send: ({ error: _error, ...input }) => sendChatMessage(input),
      onDelivered: (message) => addChatMessage(queryClient, message),
      onRefused: () =>
        showToast({
          title: 'Error',
          description: 'Failed to send message. Please try again.',
          variant: 'destructive',
        }),
    })
    outboxes.set(queryClient, outbox)
  }
  return outbox
}

const noEntries: readonly OutgoingChatMessage[] = []

/**
 * Sending in a ticket's chat: each message is queued in the browser and delivered once, also
 * across an outage (sent again when the browser is online, the socket is back, or after a
 * backoff). `pending` lists this side's messages the server has not stored yet.
 */
export function useSendChatMessage(ticketId: string, viewer: ChatSenderType) {
  const outbox = outboxFor(useQueryClient())
  const entries = useSyncExternalStore(outbox.subscribe, outbox.getEntries, () => noEntries)
  const pending = useMemo(
    () => entries.filter((entry) => entry.ticketId === ticketId && entry.senderType === viewer),
    [entries, ticketId, viewer],
  )

  useEffect(() => {
    const handleOnline = () => void outbox.flush()
    const handleStorage = (event: StorageEvent) => outbox.handleStorageChange(event.key)
    window.addEventListener('online', handleOnline)
    window.addEventListener('storage', handleStorage)
    // What an earlier visit could not send goes now.
    void outbox.flush()
    return () => {
      window.removeEventListener('online', handleOnline)
      window.removeEventListener('storage', handleStorage)
    }
  }, [outbox])
  // The socket is verified again: the server is reachable.
  useLiveSocketResync(() => void outbox.flush())

  return {
    pending,
    send: (message: string) =>
      outbox.enqueue({ clientMessageId: randomUuid(), ticketId, senderType: viewer, message }),
    retry: outbox.retry,
    remove: outbox.remove,
  }
}
