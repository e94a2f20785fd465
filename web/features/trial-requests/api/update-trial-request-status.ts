import type { z } from 'zod'
import type { TrialRequest, trialRequestStatusInput } from '@common/trial-requests'
import { apiJson } from '@/lib/api-client'
import { useTrialRequestMutation } from './trial-request-mutation'

export type TrialRequestStage = z.input<typeof trialRequestStatusInput>['status']

/** Moves a request along its follow-up stages (Pending, Contacted, Processed, Rejected). */
export function updateTrialRequestStatus(
  id: string,
  status: TrialRequestStage,
): Promise<TrialRequest> {
  return apiJson<TrialRequest>('PUT', `/api/trial-requests/${encodeURIComponent(id)}/status`, {
    status,
  })
}

export function useUpdateTrialRequestStatus() {
  return useTrialRequestMutation(
    ({ id, status }: { id: string; status: TrialRequestStage }) =>
      updateTrialRequestStatus(id, status),
    {
      success: 'Trial request updated successfully',
      failure: 'Failed to update trial request status',
    },
  )
}
