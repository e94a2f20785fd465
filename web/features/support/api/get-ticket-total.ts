import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { useLiveSocketStatus } from '@/lib/live-socket-context'

export const ticketTotalQueryKey = ['support-lobby', 'total'] as const

/** How many tickets exist in any status, from the paginated list's X-Total-Count header. */
export async function getTicketTotal(signal?: AbortSignal): Promise<number> {
  const response = await apiRequest('GET', '/api/support-tickets?limit=1', undefined, signal)
  // Read to its end, or the request stays open in the browser (and a page never goes idle).
  await response.arrayBuffer()
  return Number(response.headers.get('x-total-count') ?? 0)
}

export function getTicketTotalQueryOptions(pollMs: number) {
  return queryOptions({
    queryKey: ticketTotalQueryKey,
    queryFn: ({ signal }) => getTicketTotal(signal),
    refetchInterval: pollMs,
  })
}

/** Every 10 s, every 60 s while the socket is connected. */
export function useTicketTotal() {
  const isConnected = useLiveSocketStatus() === 'connected'
  return useQuery(getTicketTotalQueryOptions(isConnected ? 60_000 : 10_000))
}
