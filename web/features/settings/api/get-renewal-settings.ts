import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RenewalSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'

export const renewalSettingsQueryKey = ['settings', 'renewals'] as const

export function getRenewalSettings(signal?: AbortSignal): Promise<RenewalSettings> {
  return apiJson<RenewalSettings>('GET', '/api/settings/renewals', undefined, signal)
}

export function getRenewalSettingsQueryOptions() {
  return queryOptions({
    queryKey: renewalSettingsQueryKey,
    queryFn: ({ signal }) => getRenewalSettings(signal),
  })
}

export function useRenewalSettings() {
  return useQuery(getRenewalSettingsQueryOptions())
}
