import { useQuery } from '@tanstack/react-query'
import type { LineConnections } from '@common/line-watch'
import { apiJson } from '@/lib/api-client'
import { personLinesQueryKey } from './get-person-line'

/** Who watches the person's line now, as the panel last said; read again every minute. */
export function useLineConnections(personId: string) {
  return useQuery({
    queryKey: [...personLinesQueryKey, personId, 'connections'],
    queryFn: ({ signal }) =>
      apiJson<LineConnections>(
        'GET',
        `/api/trial-requests/${encodeURIComponent(personId)}/connections`,
        undefined,
        signal,
      ),
    refetchInterval: 60_000,
  })
}
