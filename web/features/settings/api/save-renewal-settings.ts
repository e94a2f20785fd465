import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RenewalSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'
import { renewalSettingsQueryKey } from './get-renewal-settings'

export function saveRenewalSettings(settings: RenewalSettings): Promise<RenewalSettings> {
  return apiJson<RenewalSettings>('PUT', '/api/settings/renewals', settings)
}

export function useSaveRenewalSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveRenewalSettings,
    onSuccess: (saved) => queryClient.setQueryData(renewalSettingsQueryKey, saved),
  })
}
