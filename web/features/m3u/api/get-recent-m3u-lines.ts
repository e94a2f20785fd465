import { queryOptions, useQuery } from '@tanstack/react-query'
import type { M3uLine } from '@common/m3u'
import { apiJson } from '@/lib/api-client'

export const m3uLinesQueryKey = ['m3u-lines'] as const

// The Admin Tools list shows the five newest lines.
const recentCount = 5

export function getRecentM3uLines(signal?: AbortSignal): Promise<M3uLine[]> {
  return apiJson<M3uLine[]>('GET', `/api/m3u-lines?limit=${recentCount}`, undefined, signal)
}

/** Refreshed every 30 s. */
export function getRecentM3uLinesQueryOptions() {
  return queryOptions({
    queryKey: [...m3uLinesQueryKey, 'recent'],
    queryFn: ({ signal }) => getRecentM3uLines(signal),
    refetchInterval: 30_000,
  })
}

export function useRecentM3uLines() {
  return useQuery(getRecentM3uLinesQueryOptions())
}
