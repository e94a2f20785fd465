import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PersonAutostart } from '@common/trial-autopilot'
import { apiJson } from '@/lib/api-client'
import { trialAutopilotQueryKey } from './get-autopilot-stats'

export const personAutostartPath = (personId: string) =>
  `/api/trial-requests/${encodeURIComponent(personId)}/autopilot`

/** How the trial autopilot handled the request; null when it arrived with the autopilot off. */
export function getPersonAutostart(personId: string, signal?: AbortSignal) {
  return apiJson<PersonAutostart>('GET', personAutostartPath(personId), undefined, signal)
}

export function getPersonAutostartQueryOptions(personId: string) {
  return queryOptions({
    queryKey: [...trialAutopilotQueryKey, 'person', personId],
    queryFn: ({ signal }) => getPersonAutostart(personId, signal),
    // While it is queued the job may start it any moment.
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? 10_000 : false),
  })
}

export function usePersonAutostart(personId: string) {
  return useQuery(getPersonAutostartQueryOptions(personId))
}
