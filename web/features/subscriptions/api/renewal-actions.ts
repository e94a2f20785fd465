import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { resultToasts } from '@/lib/result-toasts'
import { useSubscriptionEffects } from '../subscription-effects'

const renewalPath = (personId: string) =>
  `/api/trial-requests/${encodeURIComponent(personId)}/renewal`

/** Staff turn a person's automatic renewal off: the line stays until the paid end. */
export function turnOffRenewal(personId: string): Promise<unknown> {
  return apiJson('POST', renewalPath(personId), { autoRenew: false })
}

/** Staff charge a declined renewal again now, rather than at its next scheduled try. */
export function retryRenewal(personId: string): Promise<unknown> {
  return apiJson('POST', `${renewalPath(personId)}/retry`)
}

type Outcome = { success: string; failure: string }

/** A renewal action: its toasts, and the payment lists following (a retry may settle one). */
function useRenewalAction(action: (personId: string) => Promise<unknown>, outcome: Outcome) {
  const queryClient = useQueryClient()
  const { onPaymentsChanged } = useSubscriptionEffects()
  return useMutation({
    mutationFn: action,
    ...resultToasts({ ...outcome, onSuccess: () => void onPaymentsChanged(queryClient) }),
  })
}

export const useTurnOffRenewal = () =>
  useRenewalAction(turnOffRenewal, {
    success: 'Automatic renewal turned off',
    failure: 'Failed to turn off automatic renewal',
  })

export const useRetryRenewal = () =>
  useRenewalAction(retryRenewal, {
    success: 'Renewal tried again',
    failure: 'Failed to retry the renewal',
  })
