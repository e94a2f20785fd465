import { and, desc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { formatCents } from '../../../common/money'
import type { z } from 'zod'
import { providerLabels, type CheckoutAnswer, type checkoutInput } from '../../../common/payments'
import { billingMonths } from '../../../common/plan-rules'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, notFound } from '../../lib/http-error'
import { applyDiscountCode } from '../discounts/discount-apply.service'
import { refuseCode } from '../discounts/discount-rules'
import { spokenAmount } from '../subscriptions/payment-notices'
import type { PaymentRow } from '../subscriptions/present-payment'
import { findActivePlan, listAmountMinor } from './checkout-price'
import type { ReturnPaths } from './providers/payment-provider'
import { cardVaultFor, paymentProvidersFor } from './providers/payment-providers'
import { ensureStripeCustomer } from './renewals/stripe-customers'
import { closeAtProviders, closeOpenCheckouts, type ReplacedCheckout } from './replace-checkouts'

/** The checkout body once its schema has run (the discount code upper-cased, null when absent). */
type CheckedCheckout = z.output<typeof checkoutInput>

// Stripe allows 30 minutes to 24 hours; an hour is enough to pay and short enough to retry.
const checkoutLifetimeMs = 60 * 60_000
// A checkout with a limited code holds one of its uses while it is open: half an hour, so one
// nobody pays keeps the code from other customers no longer (reconciliation closes it then).
const limitedCodeLifetimeMs = 30 * 60_000
// A pending checkout is handed out again while the customer still has time to pay: one open at
// its provider with 5 minutes left; one the provider never made (an outage, a lost answer) with
// 35, so the retry that must reach the provider still sends an `expires_at` Stripe accepts.
const reusableOpenForMs = 5 * 60_000
const reusableUnmadeForMs = 35 * 60_000

/**
 * The payment to send the customer to, recorded before any provider is called: the person's
 * pending checkout for the same plan, months, provider and code when there is one (a retry after
 * a lost answer or a provider outage; it keeps the code's use it reserved), else a new pending
 * payment at the plan's price less the code's discount, with the code's use reserved for it. A
 * new checkout with a code replaces the person's other open ones with that code.
 */
async function recordIntent(
  tx: Db,
  trialRequestId: string,
  input: CheckedCheckout,
  now: Date,
  createdBy: string,
  savesCard: boolean,
): Promise<RecordedIntent> {
  // Locking the person serialises two checkouts for them, so a double submit reuses one payment.
  const [person] = await tx
    .select({
      email: trialRequests.email,
      paidPlan: trialRequests.paidPlan,
      status: trialRequests.subscriptionStatus,
    })
    .from(trialRequests)
    .where(eq(trialRequests.id, trialRequestId))
    .for('update')
  if (!person) throw notFound('Trial request not found')
  const plan = await findActivePlan(tx, input.planId)
  const months = input.months ?? billingMonths[plan.billingPeriod]
  const list = listAmountMinor(plan, months)

  const [pending] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.trialRequestId, trialRequestId),
        eq(payments.planId, plan.id),
        eq(payments.months, months),
        eq(payments.provider, input.provider),
        eq(payments.listAmountMinor, list),
        eq(payments.currency, plan.currency),
        input.discountCode
          ? eq(payments.discountCode, input.discountCode)
          : isNull(payments.discountCode),
        eq(payments.status, 'pending'),
        eq(payments.savesCard, savesCard),
        or(
          and(
            isNotNull(payments.checkoutUrl),
            gt(payments.expiresAt, new Date(now.getTime() + reusableOpenForMs)),
          ),
          gt(payments.expiresAt, new Date(now.getTime() + reusableUnmadeForMs)),
        ),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1)
  if (pending) return { payment: pending, email: person.email, isReused: true, replaced: [] }

  const replaced = input.discountCode
    ? await closeOpenCheckouts(tx, trialRequestId, input.discountCode, now)
    : []
  const payment = await applyDiscountCode(
    tx,
    { code: input.discountCode, plan, personId: trialRequestId, listAmountMinor: list, now },
    async (price, { isLimited }) => {
      // A provider takes no payment of nothing; a full discount is an admin's extension instead.
      if (price.amountMinor <= 0) {
        throw refuseCode('nothing_to_pay')
      }
      const [row] = await tx
        .insert(payments)
        .values({
          trialRequestId,
          planId: plan.id,
          planName: plan.name,
          months,
          ...price,
          currency: plan.currency,
          provider: input.provider,
          // Paying on while a paid period runs is a renewal (decision 0063).
          kind: person.paidPlan && person.status === 'active' ? 'renewal' : 'purchase',
          savesCard,
          status: 'pending',
          createdBy,
          createdAt: now,
          updatedAt: now,
          expiresAt: new Date(
            now.getTime() + (isLimited ? limitedCodeLifetimeMs : checkoutLifetimeMs),
          ),
        })
        .returning()
      return row!
    },
  )
  return { payment, email: person.email, isReused: false, replaced }
}

/** The payment a checkout sends the customer to, as recorded before the provider is called. */
export type RecordedIntent = {
  payment: PaymentRow
  email: string
  isReused: boolean
  /** The person's checkouts with the same code this one replaced, to close at their providers. */
  replaced: ReplacedCheckout[]
}

/** Who asks for the checkout, and how its intent is recorded. */
export type CheckoutAsker = {
  /** Stored as the payment's `createdBy`: the admin's username, or `customer`. */
  createdBy: string
  /**
   * Runs the transaction that records the intent, with what must commit with it: an admin's
   * audit entry, or the customer's own activity.
   */
  inTransaction: (record: (tx: Db) => Promise<RecordedIntent>) => Promise<RecordedIntent>
  /** Where the provider sends the customer back, knowing the payment; by default the plain pages. */
  returnTo?: (paymentId: string) => ReturnPaths
}

/**
 * A pay link for the customer, asked for by an admin or by the customer on their own page (one
 * code for both). With Stripe it saves the card for automatic renewal unless `autoRenew` is false. The pending payment commits first, the provider is called outside
 * any transaction with our payment id as its idempotency key, then its checkout is stored: a
 * retry finds the same payment and, at Stripe, the same session. A provider that fails (502, 504)
 * leaves the payment pending, its code's use still reserved, for that retry; the payment ends,
 * and the code is free again, only when reconciliation finds its hour passed (reconcile-payments).
 */
export async function startCheckout(
  app: FastifyInstance,
  trialRequestId: string,
  input: CheckedCheckout,
  asker: CheckoutAsker,
): Promise<CheckoutAnswer> {
  const provider = paymentProvidersFor(app)[input.provider]
  if (!provider) {
    throw conflict(
      `${providerLabels[input.provider]} checkout is not configured on this server (provider: ${input.provider})`,
    )
  }
  // A Stripe checkout saves its card for renewals unless asked not to; the person's Customer is
  // made first, at Stripe and outside any transaction, once (ensureStripeCustomer).
  const vault = input.provider === 'stripe' ? cardVaultFor(app) : null
  const customerId =
    vault && input.autoRenew !== false
      ? await ensureStripeCustomer(app, vault, trialRequestId)
      : null
  const now = app.now()
  const { payment, email, replaced } = await asker.inTransaction((tx) =>
    recordIntent(tx, trialRequestId, input, now, asker.createdBy, customerId !== null),
  )
  await closeAtProviders(app, replaced)
  const answer = {
    paymentId: payment.id,
    amount: formatCents(payment.amountMinor),
    currency: payment.currency,
  }
  if (payment.checkoutUrl) return { ...answer, checkoutUrl: payment.checkoutUrl }

  const created = await provider.createCheckout({
    paymentId: payment.id,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    description: `${payment.planName}, ${payment.months} ${payment.months === 1 ? 'month' : 'months'}`,
    discountNote: payment.discountCode
      ? `Discount code ${payment.discountCode}: ${spokenAmount(payment.discountMinor, payment.currency)} off ${spokenAmount(payment.listAmountMinor, payment.currency)}`
      : null,
    customerEmail: email,
    saveCardFor: payment.savesCard && customerId ? { customerId } : null,
    expiresAt: payment.expiresAt!,
    ...(asker.returnTo ? { returnTo: asker.returnTo(payment.id) } : {}),
  })
  await app.db
    .update(payments)
    .set({ ...created, updatedAt: app.now() })
    .where(eq(payments.id, payment.id))
  return { ...answer, checkoutUrl: created.checkoutUrl }
}
