import { and, asc, eq, isNull } from 'drizzle-orm'
import { formatCents } from '../../../common/money'
import type { PaymentStatus } from '../../../common/payments'
import type { Db } from '../../db/client'
import { paymentRefunds } from '../../db/schema/payment-refunds'
import { payments } from '../../db/schema/payments'
import { conflict, invalidField, notFound } from '../../lib/http-error'
import type { PaymentRow } from '../subscriptions/present-payment'
import { takeReceivedAmount } from './received-amount'
import { queueRefundNotice } from './refund-notice'
import { shortenSubscription, whyNotShortened } from '../subscriptions/subscription-shorten'

export type RefundRow = typeof paymentRefunds.$inferSelect

/** One refund as an admin asked for it. */
export type RefundAsk = {
  /** Minor units; absent, what is left of the payment. */
  amountMinor?: number
  reason: string
  shortenSubscription: boolean
  /** The submission's id, used as the refund's own: a retry finds it. */
  requestId?: string
  createdBy: string
  /** An admin resolving a payment in review by giving back all that was received. */
  resolvesReview?: boolean
}

const refundable: readonly PaymentStatus[] = ['paid', 'partially_refunded']
// A refund Stripe reports for these was made there: it is recorded too, against a payment in
// review as well (never lost). Any other status holds no money of ours (pending, failed, expired).
const holdsMoney: readonly PaymentStatus[] = [...refundable, 'refunded', 'needs_review']

const statusWords: Record<PaymentStatus, string> = {
  pending: 'still waiting to be paid',
  paid: 'paid',
  failed: 'failed',
  expired: 'expired',
  refunded: 'refunded in full already',
  partially_refunded: 'partly refunded',
  needs_review: 'waiting for review',
}

/** Resolving a payment that is not (or no longer) in review. */
export const notInReview = (status: PaymentStatus) =>
  conflict(`Only a payment in review can be resolved; this one is ${statusWords[status]}`)

const sum = (rows: RefundRow[]) => rows.reduce((total, row) => total + row.amountMinor, 0)

// Every write to a payment's refunds happens under its row's lock, so the admin's refund and
// Stripe's charge.refunded never count the same money twice.
async function lockPayment(tx: Db, id: string): Promise<PaymentRow> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update')
  if (!payment) throw notFound('Payment not found')
  return payment
}

const refundsOf = (tx: Db, paymentId: string) =>
  tx
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))

/** The payment's refunded amount, status and time, counted from its completed refunds. */
async function applyRefundTotals(tx: Db, payment: PaymentRow, now: Date): Promise<PaymentRow> {
  const done = (await refundsOf(tx, payment.id)).filter((row) => row.refundedAt !== null)
  const refundedMinor = sum(done)
  if (refundedMinor === 0) return payment
  const refundedAt = new Date(Math.max(...done.map((row) => row.refundedAt!.getTime())))
  const isWhole = refundedMinor >= payment.amountMinor
  // A payment in review refunded in part still waits for an admin to decide the rest.
  const inPart = payment.status === 'needs_review' ? 'needs_review' : 'partially_refunded'
  const [changed] = await tx
    .update(payments)
    .set({
      status: isWhole ? 'refunded' : inPart,
      refundedMinor,
      refundedAt,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id))
    .returning()
  return changed!
}

/**
 * A refund's first step, in its own transaction before any provider hears of it: checks it
 * (a paid payment, no more than is left counting refunds still being asked, a subscription to
 * shorten when asked) and writes its row, not yet done. A retried submission finds its row.
 */
export async function reserveRefund(
  tx: Db,
  paymentId: string,
  ask: RefundAsk,
  now: Date,
): Promise<{ payment: PaymentRow; refund: RefundRow; isReplay: boolean }> {
  let payment = await lockPayment(tx, paymentId)
  if (ask.requestId) {
    const [earlier] = await tx
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.id, ask.requestId))
    if (earlier && earlier.paymentId !== paymentId) {
      throw conflict('requestId belongs to another refund')
    }
    if (earlier) return { payment, refund: earlier, isReplay: true }
  }
  if (ask.resolvesReview) {
    if (payment.status !== 'needs_review') throw notInReview(payment.status)
    await tx.update(payments).set({ resolvedAt: now }).where(eq(payments.id, paymentId))
    payment = await takeReceivedAmount(tx, payment)
  } else if (!refundable.includes(payment.status)) {
    throw conflict(
      `Only a paid payment can be refunded; this one is ${statusWords[payment.status]}`,
    )
  }
  const left = payment.amountMinor - sum(await refundsOf(tx, paymentId))
  const amountMinor = ask.amountMinor ?? left
  if (amountMinor > left || left <= 0) {
    throw invalidField(
      'amount',
      `amount must be at most ${formatCents(Math.max(0, left))}, what is left of this payment`,
    )
  }
  if (amountMinor <= 0) throw invalidField('amount', 'amount must be more than 0.00')
  if (ask.shortenSubscription) {
    const problem = await whyNotShortened(tx, payment)
    if (problem) throw conflict(`The subscription cannot be shortened: ${problem}`)
  }
  const [refund] = await tx
    .insert(paymentRefunds)
    .values({
      ...(ask.requestId ? { id: ask.requestId } : {}),
      paymentId,
      amountMinor,
      reason: ask.reason,
      createdBy: ask.createdBy,
      createdAt: now,
    })
    .returning()
  return { payment, refund: refund!, isReplay: false }
}

/** A refund the provider refused: its row goes, and what it held back is free again. */
export async function forgetRefund(db: Db, refundId: string): Promise<void> {
  await db
    .delete(paymentRefunds)
    .where(and(eq(paymentRefunds.id, refundId), isNull(paymentRefunds.refundedAt)))
}

/**
 * A refund's last step, once the money went back (Stripe said so, or an admin sends it by hand):
 * the refund is done (unless Stripe's webhook already said so), the payment's totals follow, and
 * the subscription is shortened once when asked and still possible. `lineId`: the line to push
 * after the commit.
 */
export async function completeRefund(
  tx: Db,
  refundId: string,
  {
    providerRefundId,
    shorten,
    now,
  }: { providerRefundId: string | null; shorten: boolean; now: Date },
): Promise<{ payment: PaymentRow; refund: RefundRow; lineId: string | null }> {
  const [reserved] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId))
  if (!reserved) throw notFound('Refund not found')
  const payment = await lockPayment(tx, reserved.paymentId)
  const [current] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId))
  let shortenedTo = current!.shortenedTo
  let lineId: string | null = null
  if (shorten && !shortenedTo && !(await whyNotShortened(tx, payment))) {
    const shortened = await shortenSubscription(tx, payment, current!.amountMinor, now)
    shortenedTo = shortened.newEnd
    lineId = shortened.lineId
  }
  const [refund] = await tx
    .update(paymentRefunds)
    .set({
      refundedAt: current!.refundedAt ?? now,
      providerRefundId: current!.providerRefundId ?? providerRefundId,
      shortenedTo,
    })
    .where(eq(paymentRefunds.id, refundId))
    .returning()
  return { payment: await applyRefundTotals(tx, payment, now), refund: refund!, lineId }
}

/**
 * What a provider reports was refunded of a payment in all (Stripe's cumulative
 * `amount_refunded`), compared with what we recorded, never added to it: refunds we are still
 * asking for that it covers are done, and anything more was refunded in the provider's
 * dashboard, recorded as one refund of the difference and e-mailed to the customer in the same
 * commit. A report of no more does nothing.
 */
export async function recordProviderRefunds(
  tx: Db,
  paymentId: string,
  refundedInAllMinor: number | null,
  now: Date,
): Promise<void> {
  let payment = await lockPayment(tx, paymentId)
  if (payment.status === 'pending') {
    // The refund overtook the payment's own event: refuse, so the provider delivers it again later.
    throw conflict('This payment has not settled yet; deliver the refund again later')
  }
  if (!holdsMoney.includes(payment.status)) return
  if (payment.status === 'needs_review') payment = await takeReceivedAmount(tx, payment)
  const rows = await refundsOf(tx, paymentId)
  const reported = Math.min(refundedInAllMinor ?? payment.amountMinor, payment.amountMinor)
  let unexplained = reported - sum(rows.filter((row) => row.refundedAt !== null))
  if (unexplained <= 0) return
  for (const row of rows) {
    if (row.refundedAt !== null || row.amountMinor > unexplained) continue
    await tx.update(paymentRefunds).set({ refundedAt: now }).where(eq(paymentRefunds.id, row.id))
    unexplained -= row.amountMinor
  }
  const [dashboardRefund] =
    unexplained > 0
      ? await tx
          .insert(paymentRefunds)
          .values({
            paymentId,
            amountMinor: unexplained,
            reason: `Refunded in ${payment.provider === 'stripe' ? 'Stripe' : 'the provider'}'s dashboard`,
            createdAt: now,
            refundedAt: now,
          })
          .returning()
      : []
  const totalled = await applyRefundTotals(tx, payment, now)
  // The customer hears of a dashboard refund as of ours, once: a redelivery finds nothing
  // unexplained. Ours completed here are told by their own route, which may still shorten.
  if (dashboardRefund) await queueRefundNotice(tx, totalled, dashboardRefund, now)
}
