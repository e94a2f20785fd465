import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TrialTrustSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'

export const trialTrustSettingsQueryKey = ['settings', 'trial-trust'] as const

export function getTrialTrustSettings(signal?: AbortSignal): Promise<TrialTrustSettings> {
  return apiJson<TrialTrustSettings>('GET', '/api/settings/trial-trust', undefined, signal)
}

export function getTrialTrustSettingsQueryOptions() {
  return queryOptions({
    queryKey: trialTrustSettingsQueryKey,
    queryFn: ({ signal }) => getTrialTrustSettings(signal),
  })
}

export function useTrialTrustSettings() {
  return useQuery(getTrialTrustSettingsQueryOptions())
}
