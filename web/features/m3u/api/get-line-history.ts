import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PanelCall } from '@common/panel-calls'
import { apiJson } from '@/lib/api-client'
import { personLinesQueryKey } from './get-person-line'

// The latest calls: enough to see what happened lately; the Activity trail keeps the rest.
const historySize = 10

export function getLineHistory(lineId: string, signal?: AbortSignal): Promise<PanelCall[]> {
  return apiJson<PanelCall[]>(
    'GET',
    `/api/m3u-lines/${encodeURIComponent(lineId)}/history?limit=${historySize}`,
    undefined,
    signal,
  )
}

export function getLineHistoryQueryOptions(lineId: string) {
  return queryOptions({
    queryKey: [...personLinesQueryKey, 'history', lineId],
    queryFn: ({ signal }) => getLineHistory(lineId, signal),
    staleTime: 0,
  })
}

export function useLineHistory(lineId: string) {
  return useQuery(getLineHistoryQueryOptions(lineId))
}
