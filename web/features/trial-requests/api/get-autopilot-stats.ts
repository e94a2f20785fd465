import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AutopilotStats } from '@common/trial-autopilot'
import { apiJson } from '@/lib/api-client'

export const trialAutopilotQueryKey = ['trial-autopilot'] as const

export function getAutopilotStats(signal?: AbortSignal): Promise<AutopilotStats> {
  return apiJson<AutopilotStats>('GET', '/api/trial-requests/autopilot-stats', undefined, signal)
}

/** Read again every 10 s: the autopilot's job works on that beat. */
export function getAutopilotStatsQueryOptions() {
  return queryOptions({
    queryKey: [...trialAutopilotQueryKey, 'stats'],
    queryFn: ({ signal }) => getAutopilotStats(signal),
    refetchInterval: 10_000,
  })
}

export function useAutopilotStats() {
  return useQuery(getAutopilotStatsQueryOptions())
}
