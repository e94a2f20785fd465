import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AgentProfile, UpdateAgentProfileInput } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { agentProfilePath, agentProfileQueryKey } from './get-agent-profile'

export function updateAgentProfile(input: UpdateAgentProfileInput): Promise<AgentProfile> {
  return apiJson<AgentProfile>('PUT', agentProfilePath, input)
}

export function useUpdateAgentProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAgentProfile,
    onSuccess: (profile) => queryClient.setQueryData(agentProfileQueryKey, profile),
  })
}
