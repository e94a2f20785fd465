import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PersonLine } from '@common/person-lines'
import { ApiError, apiJson } from '@/lib/api-client'

// While a line is checking: read again after 5 s, then 10, 20… at most a minute apart.
const firstCheckingPollMs = 5_000
const lastCheckingPollMs = 60_000

/** Every query of this feature starts with it. */
export const personLinesQueryKey = ['person-lines'] as const

export const personLineQueryKey = (personId: string) => [...personLinesQueryKey, personId] as const

export const personLinePath = (personId: string) =>
  `/api/trial-requests/${encodeURIComponent(personId)}/line`

/** The person's line on the supplier panel; null while they have none. */
export async function getPersonLine(
  personId: string,
  signal?: AbortSignal,
): Promise<PersonLine | null> {
  try {
    return await apiJson<PersonLine>('GET', personLinePath(personId), undefined, signal)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function getPersonLineQueryOptions(personId: string) {
  return queryOptions({
    queryKey: personLineQueryKey(personId),
    queryFn: ({ signal }) => getPersonLine(personId, signal),
    // A conversion, renewal or the expiry job moves the line: read it afresh each time it shows.
    staleTime: 0,
    // While the server checks with the panel, watch for it to settle, less often as it takes longer
    // (the retry job's own backoff grows too). Each read that still finds it checking counts.
    refetchInterval: (query) => {
      if (query.state.data?.status !== 'checking') return false
      const reads = query.state.dataUpdateCount
      return Math.min(firstCheckingPollMs * 2 ** Math.max(0, reads - 1), lastCheckingPollMs)
    },
  })
}

export function usePersonLine(personId: string) {
  return useQuery(getPersonLineQueryOptions(personId))
}

/** The person's line while `isEnabled` (a dialog that needs it is open); undefined until known. */
export function useExistingPersonLine(personId: string, isEnabled: boolean) {
  return useQuery({ ...getPersonLineQueryOptions(personId), enabled: isEnabled }).data
}
