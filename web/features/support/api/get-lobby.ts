import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { LobbyTicket, LobbyView } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { useLiveSocketStatus } from '@/lib/live-socket-context'

// The lobby's chats and its ticket total (get-ticket-total.ts) share this root.
const supportLobbyRootKey = ['support-lobby'] as const
/** Every view's chats start with it: invalidate it to refresh them all. */
export const lobbyQueryKey = [...supportLobbyRootKey, 'chats'] as const
const lobbyViewQueryKey = (view: LobbyView) => [...lobbyQueryKey, view] as const

/** Fetches the lobby's chats and ticket total again. */
export function refreshLobby(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: supportLobbyRootKey })
}

/** Active chats of one view (all, the agent's, nobody's), in the spec's order (unread, priority, newest). */
export function getLobby(view: LobbyView, signal?: AbortSignal): Promise<LobbyTicket[]> {
  const query = new URLSearchParams({ view })
  return apiJson<LobbyTicket[]>('GET', `/api/support-tickets/lobby?${query}`, undefined, signal)
}

export function getLobbyQueryOptions(view: LobbyView, pollMs: number) {
  return queryOptions({
    queryKey: lobbyViewQueryKey(view),
    queryFn: ({ signal }) => getLobby(view, signal),
    refetchInterval: pollMs,
  })
}

/** Socket events refresh the lobby at once; polling is every 60 s, or every 1 s while the socket is down. */
export function useLobby(view: LobbyView) {
  const isConnected = useLiveSocketStatus() === 'connected'
  return useQuery(getLobbyQueryOptions(view, isConnected ? 60_000 : 1_000))
}
