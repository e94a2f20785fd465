import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { supplierSyncQueryKey } from './get-supplier-status'

export type DriftFix = { isFixed: boolean; problem: string | null }

/** Puts one difference right, ours → panel; not fixed yet (202) when the panel must be retried. */
export function fixDrift(id: string): Promise<DriftFix> {
  return apiJson<DriftFix>('POST', `/api/supplier/drift/${encodeURIComponent(id)}/fix`, {})
}

export function useFixDrift() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fixDrift,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supplierSyncQueryKey }),
  })
}
