import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ChatMessage } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { useJoinTicket, useLiveSocketFrames, useLiveSocketStatus } from '@/lib/live-socket-context'

const chatMessagesRootKey = ['chat-messages'] as const
export const chatMessagesQueryKey = (ticketId: string) =>
  [...chatMessagesRootKey, ticketId] as const

/** A ticket's conversation, oldest first. */
export function getChatMessages(ticketId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return apiJson<ChatMessage[]>(
    'GET',
    `/api/chat-messages/${encodeURIComponent(ticketId)}`,
    undefined,
    signal,
  )
}

const byTimeThenId = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1

/**
 * Messages only ever accumulate, so a fetch that started before a live message arrived must not
 * drop it: every answer is merged into what is already shown, de-duplicated by id.
 */
function mergeMessages(previous: unknown, next: unknown): unknown {
  const shown = (previous as ChatMessage[] | undefined) ?? []
  const incoming = next as ChatMessage[]
  const shownIds = new Set(shown.map((message) => message.id))
  if (previous && incoming.every((message) => shownIds.has(message.id))) return previous
  const byId = new Map(shown.map((message) => [message.id, message]))
  for (const message of incoming) byId.set(message.id, message)
  return [...byId.values()].sort(byTimeThenId)
}

export function getChatMessagesQueryOptions(ticketId: string, pollMs: number | false) {
  return queryOptions({
    queryKey: chatMessagesQueryKey(ticketId),
    queryFn: ({ signal }) => getChatMessages(ticketId, signal),
    structuralSharing: mergeMessages,
    refetchInterval: pollMs,
  })
}

/** Fetches every shown conversation again (live messages may have been missed). */
export function refreshChatMessages(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: chatMessagesRootKey })
}

/** Adds a message that arrived live or was just sent, unless it is already shown. */
export function addChatMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ChatMessage[]>(
    chatMessagesQueryKey(message.ticketId),
    (shown) => shown && (mergeMessages(shown, [message]) as ChatMessage[]),
  )
}

/**
 * The conversation, kept live by the socket: new messages are appended as they arrive, and the
 * page calls `refreshChatMessages` after a gap (a reconnect, a resync), so nothing sent meanwhile
 * is lost. Only while the socket is down does it poll, every `fallbackPollMs`.
 */
export function useChatMessages(ticketId: string, fallbackPollMs: number) {
  const queryClient = useQueryClient()
  const isConnected = useLiveSocketStatus() === 'connected'
  useJoinTicket(ticketId)
  useLiveSocketFrames((frame) => {
    if (frame.type === 'chat:new_message' && frame.ticketId === ticketId)
      addChatMessage(queryClient, frame.message)
  })
  return useQuery(getChatMessagesQueryOptions(ticketId, isConnected ? false : fallbackPollMs))
}
