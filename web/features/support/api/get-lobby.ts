import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { LobbyTicket } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { useLiveSocketStatus } from '@/lib/live-socket-context'

// The lobby's chats and its ticket total (get-ticket-total.ts) share this root.
const supportLobbyRootKey = ['support-lobby'] as const
export const lobbyQueryKey = [...supportLobbyRootKey, 'chats'] as const

/** Fetches the lobby's chats and ticket total again. */
export function refreshLobby(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: supportLobbyRootKey })
}

/** Active chats, already in the spec's order (unread, priority, newest). */
export function getLobby(signal?: AbortSignal): Promise<LobbyTicket[]> {
  return apiJson<LobbyTicket[]>('GET', '/api/support-tickets/lobby', undefined, signal)
}

export function getLobbyQueryOptions(pollMs: number) {
  return queryOptions({
    queryKey: lobbyQueryKey,
    queryFn: ({ signal }) => getLobby(signal),
    refetchInterval: pollMs,
  })
}

/** Socket events refresh the lobby at once; polling is every 60 s, or every 1 s while the socket is down. */
export function useLobby() {
  const isConnected = useLiveSocketStatus() === 'connected'
  return useQuery(getLobbyQueryOptions(isConnected ? 60_000 : 1_000))
}
