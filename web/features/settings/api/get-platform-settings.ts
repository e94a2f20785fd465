import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PlatformSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'

export const platformSettingsQueryKey = ['settings', 'platform'] as const

export function getPlatformSettings(signal?: AbortSignal): Promise<PlatformSettings> {
  return apiJson<PlatformSettings>('GET', '/api/settings/platform', undefined, signal)
}

export function getPlatformSettingsQueryOptions() {
  return queryOptions({
    queryKey: platformSettingsQueryKey,
    queryFn: ({ signal }) => getPlatformSettings(signal),
  })
}

export function usePlatformSettings() {
  return useQuery(getPlatformSettingsQueryOptions())
}
