import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Payment, resolveInput } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { conflict, notFound } from '../../lib/http-error'
import { auditedChange } from '../audit/command'
import type { PaymentContext } from './payment-context'
import { followSettled, settleWithin } from './settle-payment'
import { getPayment } from './payments.service'
import { takeReceivedAmount } from './received-amount'
import { refundPayment, resolveAction } from './refund.commands'
import { notInReview } from './refunds.service'

type ResolveValues = z.output<typeof resolveInput>
type Answer = Payment & { lineProblem?: string }

/** The payment, locked and still in review, stamped as resolved now. */
async function takeInReview(tx: Db, paymentId: string, now: Date) {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
  if (!payment) throw notFound('Payment not found')
  if (payment.status !== 'needs_review') throw notInReview(payment.status)
  const [resolved] = await tx
    .update(payments)
    .set({ resolvedAt: now })
    .where(eq(payments.id, paymentId))
    .returning()
  return resolved!
}

/**
 * Accept: the payment settles through the one settle step, at the amount actually received,
 * extending the subscription once (a retry finds it paid and is refused). Refused while it cannot
 * extend anyone, was received in another currency than the plan's, or was refunded in part.
 */
async function accept(ctx: PaymentContext, paymentId: string, note: string) {
  const [found] = await ctx.db
    .select({ personId: payments.trialRequestId })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!found) throw notFound('Payment not found')
  const entry = {
    entityId: found.personId,
    details: { resolution: { paymentId, action: 'accept' as const, note } },
  }
  const settled = await auditedChange(ctx, resolveAction, entry, async (tx) => {
    const held = await takeInReview(tx, paymentId, ctx.now())
    if (!held.trialRequestId) {
      throw conflict(
        'The person it was for has been deleted, so it can only be refunded or dismissed',
      )
    }
    if (held.refundedMinor > 0) {
      throw conflict('Part of it was refunded already, so it can only be refunded or dismissed')
    }
    if (held.receivedCurrency !== null && held.receivedCurrency !== held.currency) {
      throw conflict(
        `It was paid in ${held.receivedCurrency}, not ${held.currency}, so it can only be refunded or dismissed`,
      )
    }
    const payment = await takeReceivedAmount(tx, held)
    const confirmation = {
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      via: payment.provider,
    }
    const outcome = await settleWithin(tx, paymentId, confirmation, {
      now: ctx.now(),
      accepted: true,
    })
    // Only a person deleted meanwhile stops it; their payment stays in review.
    if (outcome.status !== 'paid') {
      throw conflict(outcome.payment.statusReason ?? 'It did not settle')
    }
    return outcome
  })
  return followSettled(ctx.follower, settled, { createLine: true })
}

/** Dismiss: closed as failed, with the admin's note as the reason; nothing is extended or sent. */
async function dismiss(ctx: PaymentContext, paymentId: string, note: string) {
  const now = ctx.now()
  const entry = {
    entityId: (held: { trialRequestId: string | null }) => held.trialRequestId,
    details: { resolution: { paymentId, action: 'dismiss' as const, note } },
  }
  await auditedChange(ctx, resolveAction, entry, async (tx) => {
    const held = await takeInReview(tx, paymentId, now)
    await tx
      .update(payments)
      .set({ status: 'failed', statusReason: note, updatedAt: now })
      .where(eq(payments.id, paymentId))
    return held
  })
}

/**
 * POST /api/payments/{id}/resolve: a super admin decides a payment in review. accept settles it
 * as paid at the amount received; refund gives all that was received back (Stripe refunds it,
 * BTCPay and manual money goes back by hand) and marks it refunded; dismiss closes it as failed.
 * Each is one entry in the trail naming the payment.
 */
export async function resolvePayment(
  ctx: PaymentContext,
  paymentId: string,
  { action, note, requestId }: ResolveValues,
): Promise<Answer> {
  if (action === 'refund') {
    const values = { reason: note, shortenSubscription: false, requestId }
    return refundPayment(ctx, paymentId, values, { note })
  }
  const lineProblem =
    action === 'accept'
      ? await accept(ctx, paymentId, note)
      : await dismiss(ctx, paymentId, note).then(() => null)
  const payment = await getPayment(ctx.db, paymentId)
  return lineProblem ? { ...payment, lineProblem } : payment
}
