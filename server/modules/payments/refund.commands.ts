import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { formatCents, toCents } from '../../../common/money'
import type { Payment, refundInput } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { conflict, notFound } from '../../lib/http-error'
import { actingAdmin, auditAction, auditedChange } from '../audit/command'
import { followLineAs } from '../m3u/line-follow'
import type { PaymentContext } from './payment-context'
import { getPayment } from './payments.service'
import { ProviderRefusal } from './providers/provider-errors'
import { queueRefundNotice } from './refund-notice'
import { completeRefund, forgetRefund, reserveRefund, type RefundAsk } from './refunds.service'

// Recorded on the person the money came from, where their trail is read.
export const refundAction = auditAction('trial_request', 'refund_payment')
export const resolveAction = auditAction('trial_request', 'resolve_payment')

type RefundValues = z.output<typeof refundInput>
type Completed = Awaited<ReturnType<typeof completeRefund>> & { isReplay: boolean }

/**
 * An admin's refund (POST /api/payments/{id}/refund). Stripe gives the money back itself: the refund's row is written
 * first (its id keys Stripe's refund, so a retried submission refunds once), Stripe is asked
 * outside any transaction, and the outcome is recorded with the audit entry. BTCPay and manual
 * payments are marked refunded at once: the money goes back by hand. Revenue drops in the
 * refund's month (a trigger); with `shortenSubscription` the end moves back and the line follows.
 */
export async function refundPayment(
  ctx: PaymentContext,
  paymentId: string,
  values: RefundValues,
  /** Set when an admin resolves a payment in review by refunding all that was received. */
  review?: { note: string },
): Promise<Payment & { lineProblem?: string }> {
  const { username } = actingAdmin(ctx)
  const now = ctx.now()
  const [found] = await ctx.db
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
    createdBy: username,
    resolvesReview: review !== undefined,
  }
  const shorten = ask.shortenSubscription
  // Resolving a payment in review by refunding it is that resolution's entry, not a refund's.
  const entry = {
    entityId: found.personId,
    details: ({ payment, refund, isReplay }: Completed) => ({
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
  }
  const audited = (work: (tx: Db) => Promise<Completed>) =>
    auditedChange(ctx, review ? resolveAction : refundAction, entry, work)

  // The customer hears of it in the same commit, once (refund-notice.ts).
  const completeAndTell = async (tx: Db, refundId: string, providerRefundId: string | null) => {
    const done = await completeRefund(tx, refundId, { providerRefundId, shorten, now })
    await queueRefundNotice(tx, done.payment, done.refund, now)
    return done
  }

  let completed: Completed
  if (found.provider === 'stripe') {
    const { stripe } = ctx.providers
    if (!stripe) throw conflict('Stripe is not configured on this server, so it cannot refund')
    if (!found.providerPaymentId) {
      throw conflict('Stripe has not told us this payment’s id yet, so it cannot be refunded')
    }
    const { refund, isReplay } = await ctx.db.transaction((tx) =>
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
        if (error instanceof ProviderRefusal) await forgetRefund(ctx.db, refund.id)
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
  const lineProblem = await followLineAs(ctx.follower, completed.lineId)
  const payment = await getPayment(ctx.db, paymentId)
  return lineProblem ? { ...payment, lineProblem } : payment
}
