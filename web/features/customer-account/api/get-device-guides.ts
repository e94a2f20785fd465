import { useQuery } from '@tanstack/react-query'
import type { DeviceGuideList } from '@common/customer-account'
import { apiJson } from '@/lib/api-client'

export function getDeviceGuides(signal?: AbortSignal): Promise<DeviceGuideList> {
  return apiJson('GET', '/api/account/device-guides', undefined, signal)
}

export function useDeviceGuides() {
  return useQuery({
    queryKey: ['customer-device-guides'],
    queryFn: ({ signal }) => getDeviceGuides(signal),
    staleTime: Infinity,
  })
}
