import type { z } from 'zod'
import type { CheckoutAnswer, checkoutInput } from '@common/payments'
import { apiJson } from '@/lib/api-client'
import { usePaymentChange } from './subscription-change'

export type CheckoutValues = z.output<typeof checkoutInput>

/** A pay link for the customer: a pending payment and the provider's checkout page. */
export function createCheckout(personId: string, values: CheckoutValues): Promise<CheckoutAnswer> {
  return apiJson<CheckoutAnswer>(
    'POST',
    `/api/trial-requests/${encodeURIComponent(personId)}/checkout`,
    values,
  )
}

export function useCreateCheckout(personId: string) {
  return usePaymentChange((values: CheckoutValues) => createCheckout(personId, values))
}
