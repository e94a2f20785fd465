import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  CustomerRenewalChoiceInput,
  PlanChangeAnswer,
  RenewalChoiceAnswer,
} from '@common/renewals'
import { apiJson } from '@/lib/api-client'
import { refreshAccount } from './get-account'

/** Turns automatic renewal on or off; the answer may be the retention offer instead. */
export function useRenewalChoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CustomerRenewalChoiceInput) =>
      apiJson<RenewalChoiceAnswer>('POST', '/api/account/renewal', input),
    onSuccess: () => refreshAccount(queryClient),
  })
}

/** Stripe's page where the customer saves a new card: the browser goes there. */
export function useUpdateCard() {
  return useMutation({
    mutationFn: () => apiJson<{ checkoutUrl: string }>('POST', '/api/account/payment-method'),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  })
}

/** Back from Stripe's page with its id: the card is saved at once, webhook or not. */
export function useCardReturn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiJson<Pick<RenewalChoiceAnswer, 'renewal'>>('POST', '/api/account/payment-method/return', {
        sessionId,
      }),
    onSettled: () => refreshAccount(queryClient),
  })
}

export function usePlanChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (planId: string) =>
      apiJson<PlanChangeAnswer>('POST', '/api/account/plan-change', { planId }),
    onSettled: () => refreshAccount(queryClient),
  })
}
