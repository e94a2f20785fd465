import { and, asc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CheckoutProvider } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { HttpError } from '../../lib/http-error'
import { closePayment } from './close-payment'
import { systemPaymentContext } from './payment-context'
import { settlePayment } from './settle-payment'
import { paymentProvidersFor } from './providers/payment-providers'
import { ProviderOutage } from './providers/provider-errors'

// A webhook comes within seconds; a payment pending this long after its checkout was made is
// asked about, in case its webhook never will (our server was down past the provider's retries).
export const reconcileAfterMs = 5 * 60_000
// A payment asked about is left alone this long: two rounds at once (two processes, the job and
// Expire now) ask the provider once. Longer than a round's provider calls take.
const askAgainAfterMs = 2 * 60_000
// The oldest first; the next round takes the rest.
const roundSize = 100

export type ReconcileResult = {
  /** Pending payments this round looked at. */
  checked: number
  /** The provider said paid, and it settled. */
  paid: number
  /** The provider said paid, but it differed from our record: held for an admin (needs_review). */
  held: number
  /** The checkout ended unpaid (expired, failed, or never opened and past its hour). */
  closed: number
}

type Due = {
  id: string
  provider: string
  providerCheckoutId: string | null
  expiresAt: Date | null
}

/**
 * Takes this round's payments: pending past reconcileAfterMs and not asked about lately, each
 * stamped as asked in the same statement. Rows another process is stamping are skipped (SKIP
 * LOCKED), and once stamped no other round takes them, so each is asked about by one process.
 */
async function claimDue(db: Db, now: Date): Promise<Due[]> {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        ne(payments.provider, 'manual'),
        // An automatic renewal is charged, retried and ended by the renewal round, never closed
        // here; a renewal paid at a checkout (no period of its own to charge) is like a purchase.
        isNull(payments.renewsPeriodEnd),
        lt(payments.createdAt, new Date(now.getTime() - reconcileAfterMs)),
        or(
          isNull(payments.providerCheckedAt),
          lt(payments.providerCheckedAt, new Date(now.getTime() - askAgainAfterMs)),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(roundSize)
    .for('update', { skipLocked: true })
  return db
    .update(payments)
    .set({ providerCheckedAt: now })
    .where(inArray(payments.id, due))
    .returning({
      id: payments.id,
      provider: payments.provider,
      providerCheckoutId: payments.providerCheckoutId,
      expiresAt: payments.expiresAt,
    })
}

type Outcome = 'paid' | 'held' | 'closed' | 'pending'

/** One payment: asks its provider (outside any transaction), then settles or closes it. */
async function reconcileOne(
  app: FastifyInstance,
  payment: Due,
  down: Set<CheckoutProvider>,
): Promise<Outcome> {
  const now = app.now()
  if (!payment.providerCheckoutId) {
    // The provider never answered its checkout (502, 504): nobody was sent to pay it, and its
    // hour is the provider's too, so once that has passed it ends and its code is free again.
    if (!payment.expiresAt || payment.expiresAt > now) return 'pending'
    const reason = 'The checkout was never opened at the provider'
    const closed = await closePayment(app.db, payment.id, { status: 'expired', reason, now })
    return closed ? 'closed' : 'pending'
  }
  const name = payment.provider as CheckoutProvider
  const provider = paymentProvidersFor(app)[name]
  // A provider switched off since, or down earlier this round: the next round asks.
  if (!provider || down.has(name)) return 'pending'
  let state
  try {
    state = await provider.readCheckout(payment.providerCheckoutId)
    const isOverdue = payment.expiresAt !== null && payment.expiresAt <= now
    if (!state.isPaid && !state.closedAs && isOverdue) {
      // Ours ended before the provider's (a limited code's checkout at Stripe, which takes 30
      // minutes at the soonest): it is ended there too, unless the money came first.
      // Closed so (BTCPay's invoice marked invalid), it ended as expired all the same; one still
      // confirming a payment (BTCPay's Processing) stays open and pending.
      state = await provider.closeCheckout(payment.providerCheckoutId)
      if (!state.isPaid && state.closedAs) state = { ...state, closedAs: 'expired' as const }
    }
  } catch (error) {
    if (error instanceof ProviderOutage) down.add(name)
    // Our own words (provider-errors), which never hold a key.
    const problem = error instanceof HttpError ? error.message : 'unreadable answer'
    app.log.warn(
      { paymentId: payment.id, provider: name, problem },
      'Could not ask the provider about a pending payment; the next round asks again',
    )
    return 'pending'
  }
  if (state.isPaid) {
    const { amountMinor, currency, providerPaymentId } = state
    const settled = await settlePayment(systemPaymentContext(app), payment.id, {
      amountMinor,
      currency,
      providerPaymentId,
      via: name,
    })
    return settled.status === 'needs_review' ? 'held' : 'paid'
  }
  if (state.closedAs) {
    const reason = state.closedAs === 'failed' ? 'The provider reported the payment failed' : null
    const closed = await closePayment(app.db, payment.id, { status: state.closedAs, reason, now })
    return closed ? 'closed' : 'pending'
  }
  return 'pending'
}

/**
 * Nothing paid is lost: asks the providers about payments still pending after five minutes and
 * settles those paid (through the one idempotent settle step, with what the provider reports)
 * or closes those that ended, freeing their discount codes; a checkout past its `expiresAt` that
 * its provider still holds open is closed there first. Run by the reconciliation job and by
 * Maintenance's Expire now; safe in many processes at once (claimDue). A provider that is down
 * leaves its payments pending for the next round.
 */
export async function reconcilePayments(app: FastifyInstance): Promise<ReconcileResult> {
  const due = await claimDue(app.db, app.now())
  const down = new Set<CheckoutProvider>()
  const result: ReconcileResult = { checked: due.length, paid: 0, held: 0, closed: 0 }
  for (const payment of due) {
    // One payment that cannot be settled (a fault of ours) must not hold back the others: it is
    // logged and taken again by a later round.
    const outcome = await reconcileOne(app, payment, down).catch((error: unknown) => {
      app.log.error({ err: error, paymentId: payment.id }, 'Could not reconcile a payment')
      return 'pending' as const
    })
    if (outcome !== 'pending') result[outcome] += 1
  }
  if (result.paid || result.held || result.closed) {
    app.log.info(result, 'Pending payments reconciled with their providers')
  }
  return result
}
