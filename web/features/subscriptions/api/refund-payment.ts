import type { z } from 'zod'
import type { Payment, refundInput } from '@common/payments'
import { apiJson } from '@/lib/api-client'
import { usePaymentChange } from './subscription-change'

export type RefundValues = z.output<typeof refundInput>

/** Gives money back (Stripe refunds it; other providers are marked, the money goes back by hand). */
export function refundPayment(paymentId: string, values: RefundValues): Promise<Payment> {
  return apiJson<Payment>('POST', `/api/payments/${encodeURIComponent(paymentId)}/refund`, values)
}

export function useRefundPayment(paymentId: string) {
  return usePaymentChange((values: RefundValues) => refundPayment(paymentId, values))
}
