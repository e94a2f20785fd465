import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SportsEvent } from '@common/sports'
import { apiJson } from '@/lib/api-client'

export type SportsScope = 'landing' | 'all'

// The landing refetches every 2 minutes (stale after 1), the sports page every 5
// (stale after 2); the server caches the data service for the same spans.
const freshness = {
  landing: { refetchInterval: 120_000, staleTime: 60_000 },
  all: { refetchInterval: 5 * 60_000, staleTime: 2 * 60_000 },
} satisfies Record<SportsScope, object>

export function getSportsEvents(scope: SportsScope, signal?: AbortSignal): Promise<SportsEvent[]> {
  return apiJson<SportsEvent[]>('GET', `/api/sports/events?scope=${scope}`, undefined, signal)
}

export function getSportsEventsQueryOptions(scope: SportsScope) {
  return queryOptions({
    queryKey: ['sports-events', scope],
    queryFn: ({ signal }) => getSportsEvents(scope, signal),
    ...freshness[scope],
  })
}

export function useSportsEvents(scope: SportsScope) {
  return useQuery(getSportsEventsQueryOptions(scope))
}
