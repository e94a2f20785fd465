import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BulkStageInput, BulkStageResult } from '@common/people'
import { apiJson } from '@/lib/api-client'
import { resultToasts } from '@/lib/result-toasts'
import { trialRequestsQueryKey } from './get-trial-requests'

/** Moves several requests to one follow-up stage in one request (one transaction). */
export function setStageOfMany(input: BulkStageInput): Promise<BulkStageResult> {
  return apiJson<BulkStageResult>('PUT', '/api/trial-requests/status', input)
}

/** "Mark contacted" on the selected rows. */
export function useMarkContacted() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) => setStageOfMany({ ids, status: 'Contacted' }),
    ...resultToasts<BulkStageResult>({
      success: 'Marked as contacted',
      failure: 'Failed to update trial request status',
      describe: ({ updated }) => `${updated} ${updated === 1 ? 'request' : 'requests'} updated.`,
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trialRequestsQueryKey }),
    }),
  })
}
