import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  declineHandling,
  renewalGiveUpDays,
  renewalRetryDays,
  type DeclineHandling,
} from '../../../../common/renewals'
import type { Db } from '../../../db/client'
import { payments } from '../../../db/schema/payments'
import { renewalAttempts } from '../../../db/schema/renewal-attempts'
import { recordSystemAudit } from '../../audit/audit.service'
import { changePersonLine } from '../../m3u/line-changes'
import { followLineAs } from '../../m3u/line-follow'
import { getRenewalSettings } from '../../settings/settings.service'
import { endUnpaidRenewal, markRenewalRetrying } from '../../subscriptions/auto-renewal-state'
import type { PaymentRow } from '../../subscriptions/present-payment'
import type { PaymentContext } from '../payment-context'
import { settlePayment, type SettleOutcome } from '../settle-payment'
import { queueRenewalMessage } from './renewal-messages'

const day = 24 * 60 * 60 * 1000

/** Our own code for a renewal due with no card to charge: it waits for one, as a hard decline. */
export const noSavedCardCode = 'no_saved_card'

export type Decline = { code: string; message: string; providerPaymentId?: string | null }

const handlingOf = (code: string): DeclineHandling =>
  code === noSavedCardCode ? 'new_card' : declineHandling(code)

/** After a commit that changed a person's line: pushes it to the panel, as the system. */
export function followRenewalLine(app: FastifyInstance, lineId: string | null) {
  if (!lineId) return
  app.followUps.run('renewal line', async () => {
    await followLineAs({ app, actor: 'system', log: app.log }, lineId)
  })
}

/**
 * An attempt Stripe charged (its synchronous answer or `payment_intent.succeeded`, in either
 * order): the attempt is marked succeeded with the settle, in one commit, and the payment
 * settles through the one settle step, once.
 */
export function recordRenewalSuccess(
  ctx: PaymentContext,
  paymentId: string,
  attempt: number,
  confirmation: { amountMinor: number; currency: string; providerPaymentId: string },
): Promise<SettleOutcome> {
  return settlePayment(ctx, paymentId, { ...confirmation, via: 'stripe' }, async (tx, now) => {
    await tx
      .update(renewalAttempts)
      .set({
        outcome: 'succeeded',
        code: null,
        message: null,
        providerPaymentId: confirmation.providerPaymentId,
        decidedAt: now,
      })
      .where(and(eq(renewalAttempts.paymentId, paymentId), eq(renewalAttempts.number, attempt)))
  })
}

/**
 * The renewal cannot be charged any more (its last retry was declined, or its last day passed):
 * the payment fails, the subscription ends with its line off and renewal off, and the customer
 * hears it once. Answers the line to push after the commit.
 */
export async function giveUpRenewal(
  tx: Db,
  app: FastifyInstance,
  payment: PaymentRow,
  reason: string,
  now: Date,
): Promise<string | null> {
  const [failed] = await tx
    .update(payments)
    .set({ status: 'failed', statusReason: reason, retryAt: null, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id })
  if (!failed || !payment.trialRequestId) return null
  const personId = payment.trialRequestId
  await endUnpaidRenewal(tx, personId, now)
  const lineId = await changePersonLine(tx, personId, { isEnabled: false }, now)
  const renewal = { ...payment, personId, periodEnd: payment.renewsPeriodEnd! }
  await queueRenewalMessage(tx, app.config, 'renewal_ended', renewal, { now })
  return lineId
}

/** When a soft decline is tried next, or 'give_up' after the last of renewalRetryDays. */
function nextTry(declines: { attemptedAt: Date }[]): Date | 'give_up' {
  const offset = renewalRetryDays[declines.length - 1]
  if (offset === undefined) return 'give_up'
  return new Date(declines[0]!.attemptedAt.getTime() + offset * day)
}

/**
 * A declined attempt (Stripe's 402 answer or `payment_intent.payment_failed`, in either order;
 * the second finds it recorded and does nothing): its code is kept; a soft decline is tried
 * again 1, 3, 5 and 7 days after the first, a hard one waits for a new card, one that needs the
 * customer's approval sends them the payment page. At the first decline the line is kept on
 * through the grace period and the customer is told; the last retry declined ends it.
 */
export async function recordDecline(
  app: FastifyInstance,
  paymentId: string,
  attempt: number,
  decline: Decline,
): Promise<void> {
  const lineId = await app.db.transaction(async (tx) => {
    const now = app.now()
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update')
    if (!payment || payment.status !== 'pending' || !payment.trialRequestId) return null
    const [marked] = await tx
      .update(renewalAttempts)
      .set({
        outcome: 'declined',
        code: decline.code,
        message: decline.message,
        providerPaymentId: decline.providerPaymentId ?? null,
        decidedAt: now,
      })
      .where(
        and(
          eq(renewalAttempts.paymentId, paymentId),
          eq(renewalAttempts.number, attempt),
          eq(renewalAttempts.outcome, 'pending'),
        ),
      )
      .returning()
    if (!marked) return null
    const personId = payment.trialRequestId
    const details = { renewal: { attempt, code: decline.code } }
    const entry = { action: 'trial_request.renewal_declined', entityId: personId, details }
    await recordSystemAudit(tx, [entry], 'trial_request', now)

    const declines = await tx
      .select({ attemptedAt: renewalAttempts.attemptedAt })
      .from(renewalAttempts)
      .where(and(eq(renewalAttempts.paymentId, paymentId), eq(renewalAttempts.outcome, 'declined')))
      .orderBy(asc(renewalAttempts.number))
    const handling = handlingOf(decline.code)
    const next = handling === 'retry' ? nextTry(declines) : null
    if (next === 'give_up') {
      return giveUpRenewal(tx, app, payment, 'The card declined every retry', now)
    }
    const periodEnd = payment.renewsPeriodEnd!
    const lastDay = new Date(periodEnd.getTime() + renewalGiveUpDays * day)
    await tx
      .update(payments)
      .set({
        // A retry after the last day is none: the round ends the renewal then.
        retryAt: next && next < lastDay ? next : null,
        statusReason: `The card was declined (${decline.code})`,
        updatedAt: now,
      })
      .where(eq(payments.id, paymentId))
    await markRenewalRetrying(tx, personId, now)

    const renewal = { ...payment, personId, periodEnd }
    if (handling === 'authenticate') {
      await queueRenewalMessage(tx, app.config, 'renewal_authentication', renewal, { now })
    }
    if (declines.length > 1) return null
    // The first decline: the line stays on through the grace period, and the customer hears it.
    const { renewalGraceDays } = await getRenewalSettings(tx)
    const lineOffAt = new Date(periodEnd.getTime() + renewalGraceDays * day)
    if (handling !== 'authenticate') {
      await queueRenewalMessage(tx, app.config, 'renewal_failed', renewal, {
        endAt: lineOffAt,
        now,
      })
    }
    return changePersonLine(tx, personId, { expiresAt: lineOffAt }, now)
  })
  followRenewalLine(app, lineId)
}
