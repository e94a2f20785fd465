import { useMutation, useQueryClient } from '@tanstack/react-query'
import { lineProblemOf } from '@common/subscription-renewals'
import type { TrialRequest } from '@common/trial-requests'
import { resultToasts } from '@/lib/result-toasts'
import { useSubscriptionEffects } from '../subscription-effects'

/** The spec's toast titles for a change's success and failure. */
type Outcome = { success: string; failure: string }

/**
 * A change of a person's subscription (convert, extend) answering with the person. The toasts
 * and the screens' refresh belong to the mutation, not the component: the button that started
 * it may be gone by the time it answers (a converted trial has no Convert button).
 */
export function useSubscriptionChange<Variables>(
  mutationFn: (variables: Variables) => Promise<TrialRequest>,
  outcome: Outcome,
) {
  const queryClient = useQueryClient()
  const { onPersonChanged } = useSubscriptionEffects()
  return useMutation({
    mutationFn,
    ...resultToasts<TrialRequest>({
      ...outcome,
      describe: lineProblemOf,
      onSuccess: (changed) => onPersonChanged(queryClient, changed),
    }),
  })
}

/** A payment's mutation (record, refund, pay link): every payment list follows once it succeeds. */
export function usePaymentChange<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient()
  const { onPaymentsChanged } = useSubscriptionEffects()
  return useMutation({ mutationFn, onSuccess: () => onPaymentsChanged(queryClient) })
}
