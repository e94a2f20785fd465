import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AgentProfile } from '@common/support'
import { apiJson } from '@/lib/api-client'

export const agentProfileQueryKey = ['support-agent-profile'] as const
export const agentProfilePath = '/api/support/agent-profile'

/** The signed-in admin's support settings: the name their replies are signed with. */
export function getAgentProfile(signal?: AbortSignal): Promise<AgentProfile> {
  return apiJson<AgentProfile>('GET', agentProfilePath, undefined, signal)
}

export function getAgentProfileQueryOptions() {
  return queryOptions({
    queryKey: agentProfileQueryKey,
    queryFn: ({ signal }) => getAgentProfile(signal),
  })
}

export function useAgentProfile() {
  return useQuery(getAgentProfileQueryOptions())
}
