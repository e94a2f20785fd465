import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SupplierConfig } from '@common/m3u'
import { apiJson } from '@/lib/api-client'

export function getSupplierConfig(signal?: AbortSignal): Promise<SupplierConfig> {
  return apiJson<SupplierConfig>('GET', '/api/supplier/config', undefined, signal)
}

/** Whether the server holds SUPPLIER_API_KEY: it changes only with a restart. */
export function getSupplierConfigQueryOptions() {
  return queryOptions({
    queryKey: ['supplier', 'config'],
    queryFn: ({ signal }) => getSupplierConfig(signal),
    staleTime: Infinity,
  })
}

/** `enabled: false` for staff who may not read it (support): the route answers them 403. */
export function useSupplierConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSupplierConfigQueryOptions(), enabled })
}
