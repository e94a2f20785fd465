import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TrialRequestStats } from '@common/trial-requests'
import { apiJson } from '@/lib/api-client'
import { trialRequestsQueryKey } from './get-trial-requests'

export function getTrialRequestStats(signal?: AbortSignal): Promise<TrialRequestStats> {
  return apiJson<TrialRequestStats>('GET', '/api/trial-requests/stats', undefined, signal)
}

/** Refreshed with the list, every 5 s. */
export function getTrialRequestStatsQueryOptions() {
  return queryOptions({
    queryKey: [...trialRequestsQueryKey, 'stats'],
    queryFn: ({ signal }) => getTrialRequestStats(signal),
    refetchInterval: 5_000,
  })
}

export function useTrialRequestStats() {
  return useQuery(getTrialRequestStatsQueryOptions())
}
