import { z } from 'zod'
import { pageQuery } from './api'
import { moneyInput } from './money-input'
import { paymentKinds } from './renewals'

export const paymentProviders = ['stripe', 'btcpay', 'manual'] as const
export type PaymentProvider = (typeof paymentProviders)[number]

/** The providers a customer can be sent to; `manual` is money an admin received elsewhere. */
export const checkoutProviders = ['stripe', 'btcpay'] as const
export type CheckoutProvider = (typeof checkoutProviders)[number]

export const manualMethods = ['cash', 'bank_transfer', 'crypto', 'paypal', 'other'] as const
export type ManualMethod = (typeof manualMethods)[number]

/** How screens, e-mails, errors and the Activity trail name each provider. */
export const providerLabels: Record<PaymentProvider, string> = {
  stripe: 'Stripe',
  btcpay: 'BTCPay Server',
  manual: 'Manual',
}

export const methodLabels: Record<ManualMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  crypto: 'Crypto',
  paypal: 'PayPal',
  other: 'Other',
}

export const paymentStatuses = [
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
  'needs_review',
] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** One payment as the API answers it. Amounts are wire money ("29.99") of `currency`. */
export const payment = z.object({
  id: z.uuid(),
  personId: z.uuid().nullable(),
  /** The person's name now; null once the person is deleted (the payment stays). */
  personName: z.string().nullable(),
  planId: z.uuid().nullable(),
  planName: z.string(),
  months: z.number().int(),
  /** What the customer pays: the plan's price for the months, less the discount. */
  amount: z.string(),
  /** The plan's price for the months before any discount. */
  listAmount: z.string(),
  discountAmount: z.string(),
  discountCode: z.string().nullable(),
  currency: z.string(),
  provider: z.enum(paymentProviders),
  /** Bought (by the customer or staff) or one period's automatic renewal. */
  kind: z.enum(paymentKinds),
  /** A renewal still open or failed: the code of its last declined attempt; else null. */
  declineCode: z.string().nullable(),
  method: z.enum(manualMethods).nullable(),
  reference: z.string().nullable(),
  /** Stripe's Checkout Session id (cs_…) or BTCPay's invoice id. */
  providerCheckoutId: z.string().nullable(),
  /** Stripe's PaymentIntent id (pi_…), once paid. */
  providerPaymentId: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
  status: z.enum(paymentStatuses),
  /** Why a payment waits for an admin (needs_review) or failed. */
  statusReason: z.string().nullable(),
  refundedAmount: z.string(),
  /** What the provider said was paid, when held for review (in receivedCurrency); else null. */
  receivedAmount: z.string().nullable(),
  receivedCurrency: z.string().nullable(),
  /** Sequential without gaps, given when the payment settles. */
  receiptNumber: z.number().int().nullable(),
  /** The subscription's end before and after this payment settled. */
  previousEnd: z.iso.datetime().nullable(),
  newEnd: z.iso.datetime().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  refundedAt: z.iso.datetime().nullable(),
})
export type Payment = z.infer<typeof payment>

/** What recording or refunding a payment answers: it, and why the person's line did not follow yet. */
export const paymentChange = payment.extend({ lineProblem: z.string().optional() })

const isoDate = (label: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: `${label} must be a date (YYYY-MM-DD) or a timestamp`,
  })

/** GET /api/payments: newest first, keyset pages (the README's list convention). */
export const paymentListQuery = pageQuery.extend({
  status: z
    .enum(paymentStatuses, { error: `status must be one of ${paymentStatuses.join(', ')}` })
    .optional(),
  provider: z
    .enum(paymentProviders, { error: 'provider must be stripe, btcpay or manual' })
    .optional(),
  kind: z.enum(paymentKinds, { error: 'kind must be purchase or renewal' }).optional(),
  /** Created on or after this moment (a date means its start, UTC). */
  from: isoDate('from').optional(),
  /** Created before this moment (a date means the end of that day, UTC). */
  to: isoDate('to').optional(),
  personId: z.uuid({ error: 'personId must be a valid UUID' }).optional(),
})
export type PaymentListQuery = z.input<typeof paymentListQuery>

const months = z.coerce
  .number({ error: 'months must be a whole number from 1 to 12' })
  .int('months must be a whole number from 1 to 12')
  .min(1, 'months must be a whole number from 1 to 12')
  .max(12, 'months must be a whole number from 1 to 12')

const planId = z.uuid({ error: 'planId must be a valid UUID' })

/** POST /api/trial-requests/{id}/payments: money received elsewhere, settled at once. */
export const recordPaymentInput = z.object({
  planId,
  months,
  method: z.enum(manualMethods, {
    error: 'method must be cash, bank_transfer, crypto, paypal or other',
  }),
  reference: z
    .string()
    .trim()
    .max(200, 'reference must be at most 200 characters')
    .nullish()
    .transform((value) => value || null),
  /** What was received, when it differs from the plan's price for the months. */
  amount: moneyInput('amount').optional(),
  /** Generated once per submission, so a retried submit records one payment. */
  requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
  /** When the money was received, for history recorded later; by default now, never ahead. */
  paidAt: z.iso
    .datetime({
      offset: true,
      error: 'paidAt must be a date and time such as 2024-03-31T18:00:00Z',
    })
    .transform((value) => new Date(value))
    .optional(),
})
export type RecordPaymentInput = z.input<typeof recordPaymentInput>

/** POST /api/trial-requests/{id}/checkout: a pay link for the customer. */
export const checkoutInput = z.object({
  planId,
  /** Defaults to the plan's billing period (1, 3 or 12). */
  months: months.optional(),
  discountCode: z
    .string()
    .trim()
    .max(50, 'discountCode must be at most 50 characters')
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
  provider: z.enum(checkoutProviders, { error: 'provider must be stripe or btcpay' }),
  /**
   * Stripe only: save the card paid with and renew with it automatically (decision 0059); true
   * when absent. Ignored for BTCPay, which saves nothing.
   */
  autoRenew: z.boolean({ error: 'autoRenew must be true or false' }).optional(),
})
export type CheckoutInput = z.input<typeof checkoutInput>

export const checkoutAnswer = z.object({
  paymentId: z.uuid(),
  checkoutUrl: z.string(),
  amount: z.string(),
  currency: z.string(),
})
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>

/** POST /api/payments/{id}/refund (super_admin). */
export const refundInput = z.object({
  /** Part of the payment; absent: what is left of it. */
  amount: moneyInput('amount').optional(),
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(500, 'reason must be at most 500 characters'),
  /** Move the subscription's end back by the refunded share of the months. */
  shortenSubscription: z.boolean({ error: 'shortenSubscription must be true or false' }).optional(),
  /** Generated once per submission, so a retried submit refunds once (it keys Stripe's refund). */
  requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
})
export type RefundInput = z.input<typeof refundInput>

/** GET /api/payments/providers: which checkouts are configured, for the screens that offer them. */
export const paymentProvidersState = z.object({
  stripe: z.boolean(),
  btcpay: z.boolean(),
})
export type PaymentProvidersState = z.infer<typeof paymentProvidersState>

export const reviewActions = ['accept', 'refund', 'dismiss'] as const
export type ReviewAction = (typeof reviewActions)[number]

/**
 * POST /api/payments/{id}/resolve (super_admin): a payment in review (needs_review), decided.
 * accept settles it at the amount received; refund gives that back; dismiss closes it as failed.
 */
export const resolveInput = z.object({
  action: z.enum(reviewActions, { error: 'action must be accept, refund or dismiss' }),
  note: z
    .string({ error: 'note is required' })
    .trim()
    .min(1, 'note is required')
    .max(500, 'note must be at most 500 characters'),
  /** Generated once per submission, so a retried refund refunds once (it keys Stripe's refund). */
  requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
})
export type ResolveInput = z.input<typeof resolveInput>
