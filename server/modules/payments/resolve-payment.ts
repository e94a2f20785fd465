import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Payment, resolveInput } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { conflict, notFound } from '../../lib/http-error'
import { inAuditedTransaction } from '../audit/audited-transaction'
import { requestFollower } from '../m3u/line-follow'
import { followSettled, settleWithin } from './settle-payment'
import { getPayment } from './payments.service'
import { takeReceivedAmount } from './received-amount'
import { refundPayment } from './refund-payment'
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
async function accept(request: FastifyRequest, paymentId: string, note: string) {
  const app = request.server
  const [found] = await app.db
    .select({ personId: payments.trialRequestId })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!found) throw notFound('Payment not found')
  const settled = await inAuditedTransaction(
    request,
    async (tx) => {
      const held = await takeInReview(tx, paymentId, app.now())
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
        now: app.now(),
        accepted: true,
      })
      // Only a person deleted meanwhile stops it; their payment stays in review.
      if (outcome.status !== 'paid') {
        throw conflict(outcome.payment.statusReason ?? 'It did not settle')
      }
      return outcome
    },
    {
      entityId: found.personId,
      details: { resolution: { paymentId, action: 'accept', note } },
    },
  )
  return followSettled(requestFollower(request), settled, { createLine: true })
}

/** Dismiss: closed as failed, with the admin's note as the reason; nothing is extended or sent. */
async function dismiss(request: FastifyRequest, paymentId: string, note: string) {
  const now = request.server.now()
  await inAuditedTransaction(
    request,
    async (tx) => {
      const held = await takeInReview(tx, paymentId, now)
      await tx
        .update(payments)
        .set({ status: 'failed', statusReason: note, updatedAt: now })
        .where(eq(payments.id, paymentId))
      return held
    },
    {
      entityId: (held) => held.trialRequestId,
      details: { resolution: { paymentId, action: 'dismiss', note } },
    },
  )
}

/**
 * POST /api/payments/{id}/resolve: a super admin decides a payment in review. accept settles it
 * as paid at the amount received; refund gives all that was received back (Stripe refunds it,
 * BTCPay and manual money goes back by hand) and marks it refunded; dismiss closes it as failed.
 * Each is one entry in the trail naming the payment.
 */
export async function resolvePayment(
  request: FastifyRequest,
  paymentId: string,
  { action, note, requestId }: ResolveValues,
): Promise<Answer> {
  if (action === 'refund') {
    const values = { reason: note, shortenSubscription: false, requestId }
    return refundPayment(request, paymentId, values, { note })
  }
  const lineProblem =
    action === 'accept'
      ? await accept(request, paymentId, note)
      : await dismiss(request, paymentId, note).then(() => null)
  const payment = await getPayment(request.server.db, paymentId)
  return lineProblem ? { ...payment, lineProblem } : payment
}
