import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DriftFixResult, DriftKeep } from '@common/person-lines'
import { apiJson } from '@/lib/api-client'
import { supplierSyncQueryKey } from './get-supplier-status'

/**
 * Puts one difference right, keeping ours (pushed to the panel; not fixed yet, 202, when the
 * panel must be retried) or the panel's (taken here).
 */
export function fixDrift({ id, keep }: { id: string; keep: DriftKeep }): Promise<DriftFixResult> {
  return apiJson<DriftFixResult>('POST', `/api/supplier/drift/${encodeURIComponent(id)}/fix`, {
    keep,
  })
}

export function useFixDrift() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fixDrift,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supplierSyncQueryKey }),
  })
}
