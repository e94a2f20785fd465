import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SupplierSettings } from '@common/settings'
import { apiJson } from '@/lib/api-client'

export const supplierSettingsQueryKey = ['settings', 'supplier'] as const

export function getSupplierSettings(signal?: AbortSignal): Promise<SupplierSettings> {
  return apiJson<SupplierSettings>('GET', '/api/settings/supplier', undefined, signal)
}

export function getSupplierSettingsQueryOptions() {
  return queryOptions({
    queryKey: supplierSettingsQueryKey,
    queryFn: ({ signal }) => getSupplierSettings(signal),
  })
}

export function useSupplierSettings() {
  return useQuery(getSupplierSettingsQueryOptions())
}
