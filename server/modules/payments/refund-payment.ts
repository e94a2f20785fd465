import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { formatCents, toCents } from '../../../common/money'
import type { Payment, refundInput } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { conflict, notFound } from '../../lib/http-error'
import { inAuditedTransaction } from '../audit/audited-transaction'
import { followLine } from '../m3u/line-follow'
import { getPayment } from './payments.service'
import { ProviderRefusal } from './providers/provider-errors'
import { paymentProvidersFor } from './providers/payment-providers'
import { queueRefundNotice } from './refund-notice'
import { completeRefund, forgetRefund, reserveRefund, type RefundAsk } from './refunds.service'

type RefundValues = z.output<typeof refundInput>
type Completed = Awaited<ReturnType<typeof completeRefund>> & { isReplay: boolean }

/**
 * POST /api/payments/{id}/refund. Stripe gives the money back itself: the refund's row is written
 * first (its id keys Stripe's refund, so a retried submission refunds once), Stripe is asked
 * outside any transaction, and the outcome is recorded with the audit entry. BTCPay and manual
 * payments are marked refunded at once: the money goes back by hand. Revenue drops in the
 * refund's month (a trigger); with `shortenSubscription` the end moves back and the line follows.
 */
export async function refundPayment(
  request: FastifyRequest,
  paymentId: string,
  values: RefundValues,
  /** Set when an admin resolves a payment in review by refunding all that was received. */
  review?: { note: string },
): Promise<Payment & { lineProblem?: string }> {
  const app = request.server
  const now = app.now()
  const [found] = await app.db
    .select({
      provider: payments.provider,
      personId: payments.trialRequestId,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!found) throw notFound('Payment not found')
  const ask: RefundAsk = {
    amountMinor: values.amount === undefined ? undefined : (toCents(values.amount) ?? undefined),
    reason: values.reason,
    shortenSubscription: values.shortenSubscription ?? false,
    requestId: values.requestId,
    createdBy: request.admin!.username,
    resolvesReview: review !== undefined,
  }
  const shorten = ask.shortenSubscription
  const audited = (work: (tx: Db) => Promise<Completed>) =>
    inAuditedTransaction(request, work, {
      entityId: found.personId,
      details: ({ payment, refund, isReplay }) => ({
        fields: Object.keys(values),
        ...(review ? { resolution: { paymentId, action: 'refund' as const, ...review } } : {}),
        refund: {
          amount: formatCents(refund.amountMinor),
          currency: payment.currency,
          reason: refund.reason,
          shortenedTo: refund.shortenedTo?.toISOString() ?? null,
        },
        ...(isReplay ? { outcome: 'replayed' as const } : {}),
      }),
    })

  // The customer hears of it in the same commit, once (refund-notice.ts).
  const completeAndTell = async (tx: Db, refundId: string, providerRefundId: string | null) => {
    const done = await completeRefund(tx, refundId, { providerRefundId, shorten, now })
    await queueRefundNotice(tx, done.payment, done.refund, now)
    return done
  }

  let completed: Completed
  if (found.provider === 'stripe') {
    const stripe = paymentProvidersFor(app).stripe
    if (!stripe) throw conflict('Stripe is not configured on this server, so it cannot refund')
    if (!found.providerPaymentId) {
      throw conflict('Stripe has not told us this payment’s id yet, so it cannot be refunded')
    }
    const { refund, isReplay } = await app.db.transaction((tx) =>
      reserveRefund(tx, paymentId, ask, now),
    )
    let providerRefundId: string | null = null
    // Asked again on a retry of an unfinished refund: the same key answers Stripe's first answer.
    // A refund already finished (by this route or by Stripe's charge.refunded) is never asked
    // again: Stripe forgets idempotency keys after a day.
    if (!refund.refundedAt) {
      try {
        const refunded = await stripe.refund({
          providerPaymentId: found.providerPaymentId,
          amountMinor: refund.amountMinor,
          idempotencyKey: `refund-${refund.id}`,
        })
        providerRefundId = refunded.providerRefundId
      } catch (error) {
        // A refusal moved no money; a timeout or an outage may have: that row stays, and Stripe's
        // charge.refunded (or this submission again) completes it.
        if (error instanceof ProviderRefusal) await forgetRefund(app.db, refund.id)
        throw error
      }
    }
    completed = await audited(async (tx) => ({
      ...(await completeAndTell(tx, refund.id, providerRefundId)),
      isReplay,
    }))
  } else {
    completed = await audited(async (tx) => {
      const { refund, isReplay } = await reserveRefund(tx, paymentId, ask, now)
      return { ...(await completeAndTell(tx, refund.id, null)), isReplay }
    })
  }
  const lineProblem = await followLine(request, completed.lineId)
  const payment = await getPayment(app.db, paymentId)
  return lineProblem ? { ...payment, lineProblem } : payment
}
