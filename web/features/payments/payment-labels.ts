import { methodLabels, providerLabels, type Payment, type PaymentStatus } from '@common/payments'
import type { PaymentKind } from '@common/renewals'
import { formatMoneyIn, formatShortDate } from '@/lib/format'

export { methodLabels, providerLabels } from '@common/payments'

export const statusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  needs_review: 'Needs review',
}

export const kindLabels: Record<PaymentKind, string> = {
  purchase: 'Purchase',
  renewal: 'Renewal',
}

/** "$29.99" for dollars (the house's money format), "29.99 EUR" for any other currency. */
export const formatAmount = formatMoneyIn

/** "Stripe" or "Manual · Bank transfer": the provider, and the method of money taken by hand. */
export function paidWith(payment: Pick<Payment, 'provider' | 'method'>): string {
  const provider = providerLabels[payment.provider]
  return payment.method ? `${provider} · ${methodLabels[payment.method]}` : provider
}

/** "Premium × 3 months". */
export function planAndMonths(payment: Pick<Payment, 'planName' | 'months'>): string {
  return `${payment.planName} × ${payment.months} ${payment.months === 1 ? 'month' : 'months'}`
}

/** The reference an admin or the provider gave, the one to search for in their records. */
export function referenceOf(payment: Payment): string | null {
  return payment.reference ?? payment.providerPaymentId ?? payment.providerCheckoutId
}

/** Money that can still be given back: paid, or refunded only in part. */
export const isRefundable = (payment: Payment) =>
  payment.status === 'paid' || payment.status === 'partially_refunded'

/** A payment held for an admin's decision: accepted, refunded or dismissed from its row. */
export const isInReview = (payment: Payment) => payment.status === 'needs_review'

/** "10.00 EUR refunded on Nov 29, 2026": what went back to the customer, and when the last did. */
export const refundedText = (amount: string, currency: string, refundedAt: string) =>
  `${formatAmount(amount, currency)} refunded on ${formatShortDate(refundedAt)}`
