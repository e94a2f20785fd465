import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type { SupportTicket } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { useLiveSocketFrames } from '@/lib/live-socket-context'

const ticketsRootKey = ['support-tickets'] as const
export const ticketQueryKey = (ticketId: string) => [...ticketsRootKey, ticketId] as const

/** Fetches every shown ticket again (a change may have been missed). */
export function refreshTickets(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ticketsRootKey })
}

/** A ticket by its id; the id is the customer's proof that it is theirs. 404 when unknown. */
export function getTicket(ticketId: string, signal?: AbortSignal): Promise<SupportTicket> {
  return apiJson<SupportTicket>(
    'GET',
    `/api/support-tickets/${encodeURIComponent(ticketId)}`,
    undefined,
    signal,
  )
}

export function getTicketQueryOptions(ticketId: string) {
  return queryOptions({
    queryKey: ticketQueryKey(ticketId),
    queryFn: ({ signal }) => getTicket(ticketId, signal),
  })
}

/** A ticket, kept current by the socket: a change of status or assignee shows at once. */
export function useTicket(ticketId: string) {
  const queryClient = useQueryClient()
  useLiveSocketFrames((frame) => {
    if (frame.type === 'ticket:updated' && frame.ticket.id === ticketId)
      queryClient.setQueryData(ticketQueryKey(ticketId), frame.ticket)
  })
  return useQuery(getTicketQueryOptions(ticketId))
}

/** Looks a ticket up on demand (return to a chat), always asking the server afresh. */
export function useLookUpTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ticketId: string) =>
      queryClient.fetchQuery({ ...getTicketQueryOptions(ticketId), staleTime: 0 }),
  })
}
