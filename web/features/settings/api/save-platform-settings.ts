import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PlatformSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'
import { platformSettingsQueryKey } from './get-platform-settings'

export function savePlatformSettings(settings: PlatformSettings): Promise<PlatformSettings> {
  return apiJson<PlatformSettings>('PUT', '/api/settings/platform', settings)
}

export function useSavePlatformSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePlatformSettings,
    onSuccess: (saved) => queryClient.setQueryData(platformSettingsQueryKey, saved),
  })
}
