import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TrialTrustSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'
import { trialTrustSettingsQueryKey } from './get-trial-trust-settings'

export function saveTrialTrustSettings(settings: TrialTrustSettings): Promise<TrialTrustSettings> {
  return apiJson<TrialTrustSettings>('PUT', '/api/settings/trial-trust', settings)
}

export function useSaveTrialTrustSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveTrialTrustSettings,
    onSuccess: (saved) => queryClient.setQueryData(trialTrustSettingsQueryKey, saved),
  })
}
