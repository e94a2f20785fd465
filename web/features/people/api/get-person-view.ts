import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { PersonView } from '@common/people'
import { apiJson } from '@/lib/api-client'

/** Every query of this feature starts with it. */
export const personViewQueryKey = ['person-view'] as const

/** Reads every open customer view again (after a change made elsewhere: convert, line…). */
export function refreshPersonViews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: personViewQueryKey })
}

export const personViewPath = (personId: string) => `/api/people/${encodeURIComponent(personId)}`

export function getPersonView(personId: string, signal?: AbortSignal): Promise<PersonView> {
  return apiJson<PersonView>('GET', personViewPath(personId), undefined, signal)
}

/** Kept fresh like the contacts list: another admin may be working on the same person. */
export function getPersonViewQueryOptions(personId: string) {
  return queryOptions({
    queryKey: [...personViewQueryKey, personId],
    queryFn: ({ signal }) => getPersonView(personId, signal),
    refetchInterval: 10_000,
  })
}

export function usePersonView(personId: string) {
  return useQuery(getPersonViewQueryOptions(personId))
}
