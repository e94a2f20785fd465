import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { SupplierStatus } from '@common/person-lines'
import { apiJson } from '@/lib/api-client'

/** Every query of this feature starts with it, so a sync refreshes status and drift together. */
export const supplierSyncQueryKey = ['supplier-sync'] as const

export function getSupplierStatus(signal?: AbortSignal): Promise<SupplierStatus> {
  return apiJson<SupplierStatus>('GET', '/api/supplier/status', undefined, signal)
}

/** Read from the panel (user_info) each time the tools are opened, and every five minutes. */
export function getSupplierStatusQueryOptions() {
  return queryOptions({
    queryKey: [...supplierSyncQueryKey, 'status'],
    queryFn: ({ signal }) => getSupplierStatus(signal),
    staleTime: 0,
    refetchInterval: 5 * 60_000,
  })
}

export function useSupplierStatus() {
  return useQuery(getSupplierStatusQueryOptions())
}

/** Reads status and drift again (a drift or credit notification arrived). */
export function refreshSupplierSync(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: supplierSyncQueryKey })
}
