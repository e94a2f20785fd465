import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SecuritySettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'
import { securitySettingsQueryKey } from './get-security-settings'

/** Saves the sign-in rules (super admins only); they apply to every session at once. */
export function saveSecuritySettings(settings: SecuritySettings): Promise<SecuritySettings> {
  return apiJson<SecuritySettings>('PUT', '/api/settings/security', settings)
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (saved) => queryClient.setQueryData(securitySettingsQueryKey, saved),
  })
}
