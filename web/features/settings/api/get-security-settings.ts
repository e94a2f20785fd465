import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SecuritySettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'

export const securitySettingsQueryKey = ['settings', 'security'] as const

export function getSecuritySettings(signal?: AbortSignal): Promise<SecuritySettings> {
  return apiJson<SecuritySettings>('GET', '/api/settings/security', undefined, signal)
}

export function getSecuritySettingsQueryOptions() {
  return queryOptions({
    queryKey: securitySettingsQueryKey,
    queryFn: ({ signal }) => getSecuritySettings(signal),
  })
}

export function useSecuritySettings() {
  return useQuery(getSecuritySettingsQueryOptions())
}
