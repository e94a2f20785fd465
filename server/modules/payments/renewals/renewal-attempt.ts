import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { payments } from '../../../db/schema/payments'
import { renewalAttempts } from '../../../db/schema/renewal-attempts'
import type { OffSessionCharge, OffSessionChargeRequest } from '../providers/card-vault'
import { systemPaymentContext } from '../payment-context'
import { cardVaultFor } from '../providers/payment-providers'
import { noSavedCardCode, recordDecline, recordRenewalSuccess } from './renewal-outcomes'
import { stripeCustomerOf } from './stripe-customers'

/**
 * An attempt still pending this long was left by a process that died (or lost Stripe's answer)
 * between asking Stripe and recording the answer: the next round asks again, with the same
 * attempt number, so the same idempotency key, and gets Stripe's first answer.
 */
export const staleAttemptMs = 60_000

export type ChargeCard = (request: OffSessionChargeRequest) => Promise<OffSessionCharge>

/**
 * Takes the payment's next attempt, in one short transaction: the payment's row is locked, so of
 * two processes one takes it and the other finds it taken (its retry time cleared, its attempt
 * pending and fresh). A stale pending attempt is taken again under its own number. Null when
 * there is nothing to try now.
 */
async function takeAttempt(app: FastifyInstance, paymentId: string) {
  return app.db.transaction(async (tx) => {
    const now = app.now()
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update')
    if (payment?.status !== 'pending' || payment.kind !== 'renewal' || !payment.trialRequestId) {
      return null
    }
    const [last] = await tx
      .select()
      .from(renewalAttempts)
      .where(eq(renewalAttempts.paymentId, paymentId))
      .orderBy(desc(renewalAttempts.number))
      .limit(1)
    let attempt: number
    if (last?.outcome === 'pending') {
      if (now.getTime() - last.attemptedAt.getTime() < staleAttemptMs) return null
      attempt = last.number
      await tx
        .update(renewalAttempts)
        .set({ attemptedAt: now })
        .where(and(eq(renewalAttempts.paymentId, paymentId), eq(renewalAttempts.number, attempt)))
    } else {
      if (!payment.retryAt || payment.retryAt > now) return null
      attempt = (last?.number ?? 0) + 1
      await tx.insert(renewalAttempts).values({ paymentId, number: attempt, attemptedAt: now })
    }
    await tx
      .update(payments)
      .set({ retryAt: null, updatedAt: now })
      .where(eq(payments.id, paymentId))
    const customer = await stripeCustomerOf(tx, payment.trialRequestId)
    return { payment, attempt, customer }
  })
}

export type AttemptOutcome =
  { outcome: 'succeeded' } | { outcome: 'declined'; code: string } | { outcome: 'not_due' }

/**
 * One try at a renewal: the attempt is recorded pending (committed), the saved card charged with
 * no transaction open, and the answer recorded (committed), through the same steps as Stripe's
 * webhooks. An outage (502, 504) throws and leaves the attempt pending, asked again later.
 */
export async function attemptRenewal(
  app: FastifyInstance,
  paymentId: string,
  charge: ChargeCard,
): Promise<AttemptOutcome> {
  const taken = await takeAttempt(app, paymentId)
  if (!taken) return { outcome: 'not_due' }
  const { payment, attempt, customer } = taken
  if (!customer?.paymentMethodId) {
    const message = 'No card is saved for automatic renewal.'
    await recordDecline(app, paymentId, attempt, { code: noSavedCardCode, message })
    return { outcome: 'declined', code: noSavedCardCode }
  }
  const answer = await charge({
    customerId: customer.customerId,
    paymentMethodId: customer.paymentMethodId,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    description: `${payment.planName}, renewal`,
    paymentId,
    attempt,
  })
  if (answer.outcome === 'succeeded') {
    await recordRenewalSuccess(systemPaymentContext(app), paymentId, attempt, {
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      providerPaymentId: answer.providerPaymentId,
    })
    return { outcome: 'succeeded' }
  }
  await recordDecline(app, paymentId, attempt, answer)
  return { outcome: 'declined', code: answer.code }
}

/** The saved cards' charge, unpaced: for one renewal tried at once (staff's Retry now). */
export function chargeOf(app: FastifyInstance): ChargeCard | null {
  const vault = cardVaultFor(app)
  return vault && ((request) => vault.chargeSavedCard(request))
}
