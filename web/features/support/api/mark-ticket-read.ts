import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LobbyTicket } from '@common/support'
import { apiRequest } from '@/lib/api-client'
import { lobbyQueryKey } from './get-lobby'

/** Records that an admin has seen the chat, so its unread count starts again from zero. */
export async function markTicketRead(ticketId: string): Promise<void> {
  await apiRequest('POST', `/api/support-tickets/${encodeURIComponent(ticketId)}/read`)
}

export function useMarkTicketRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markTicketRead,
    onMutate: (ticketId) =>
      queryClient.setQueriesData<LobbyTicket[]>({ queryKey: lobbyQueryKey }, (chats) =>
        chats?.map((chat) => (chat.id === ticketId ? { ...chat, unreadCount: 0 } : chat)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lobbyQueryKey }),
  })
}
