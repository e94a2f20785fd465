import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SupplierSyncResult } from '@common/person-lines'
import { apiJson } from '@/lib/api-client'
import { supplierSyncQueryKey } from './get-supplier-status'

/** Reconciles our lines with the panel now (the server also does every 15 minutes). */
export function syncSupplier(): Promise<SupplierSyncResult> {
  return apiJson<SupplierSyncResult>('POST', '/api/supplier/sync', {})
}

export function useSyncSupplier() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: syncSupplier,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supplierSyncQueryKey }),
  })
}
