import type { z } from 'zod'
import type { TrialRequest, updateTrialRequestInput } from '@common/trial-requests'
import { apiJson } from '@/lib/api-client'
import { useTrialRequestMutation } from './trial-request-mutation'

type TrialRequestChanges = z.input<typeof updateTrialRequestInput>

/** Changes the trial plan or the admin notes (a partial update). */
export function updateTrialRequest(
  id: string,
  changes: TrialRequestChanges,
): Promise<TrialRequest> {
  return apiJson<TrialRequest>('PUT', `/api/trial-requests/${encodeURIComponent(id)}`, changes)
}

export function useUpdateTrialRequest() {
  return useTrialRequestMutation(
    ({ id, changes }: { id: string; changes: TrialRequestChanges }) =>
      updateTrialRequest(id, changes),
    {
      success: 'Trial request updated successfully',
      failure: 'Failed to update trial request',
    },
  )
}
