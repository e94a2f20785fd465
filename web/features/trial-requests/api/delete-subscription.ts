import type { TrialRequest } from '@common/trial-requests'
import { apiJson } from '@/lib/api-client'
import { lineProblemOf } from '@common/subscription-renewals'
import { useTrialRequestMutation } from './trial-request-mutation'

/** Deletes the paid subscription: the request is a trial again and its revenue is gone. */
export function deleteSubscription(id: string): Promise<TrialRequest> {
  return apiJson<TrialRequest>(
    'DELETE',
    `/api/trial-requests/${encodeURIComponent(id)}/subscription`,
  )
}

export function useDeleteSubscription() {
  return useTrialRequestMutation(deleteSubscription, {
    success: 'Subscription deleted and reverted to trial status',
    failure: 'Failed to delete subscription',
    describe: lineProblemOf,
  })
}
