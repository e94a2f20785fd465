import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SupplierDrift } from '@common/person-lines'
import { apiPage, type ApiPage } from '@/lib/api-client'
import { supplierSyncQueryKey } from './get-supplier-status'

// More than a page of differences means something larger is wrong: the first page shows it.
const pageSize = 100

export function getSupplierDrift(signal?: AbortSignal): Promise<ApiPage<SupplierDrift>> {
  return apiPage<SupplierDrift>(`/api/supplier/drift?limit=${pageSize}`, signal)
}

export function getSupplierDriftQueryOptions() {
  return queryOptions({
    queryKey: [...supplierSyncQueryKey, 'drift'],
    queryFn: ({ signal }) => getSupplierDrift(signal),
    staleTime: 0,
  })
}

export function useSupplierDrift() {
  return useQuery(getSupplierDriftQueryOptions())
}
