import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CheckoutProvider } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { HttpError } from '../../lib/http-error'
import { closeWithin } from './close-payment'
import { paymentProvidersFor } from './providers/payment-providers'

/** A checkout closed on our side that may still be open at its provider. */
export type ReplacedCheckout = { paymentId: string; provider: string; providerCheckoutId: string }

export const replacedReason = 'Replaced by a newer checkout with the same discount code'

/**
 * One person has one open checkout per discount code: a new one closes theirs (expired, its use
 * of the code released) in the caller's transaction, which holds the person's lock. A checkout
 * being settled at this moment holds its row and is left alone (SKIP LOCKED: settling locks the
 * payment, then the person, the other way round). Answers those to close at their provider once
 * the transaction has committed (closeAtProviders).
 */
export async function closeOpenCheckouts(
  tx: Db,
  personId: string,
  discountCode: string,
  now: Date,
): Promise<ReplacedCheckout[]> {
  const open = await tx
    .select({
      id: payments.id,
      provider: payments.provider,
      providerCheckoutId: payments.providerCheckoutId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.trialRequestId, personId),
        eq(payments.discountCode, discountCode),
        eq(payments.status, 'pending'),
      ),
    )
    .for('update', { skipLocked: true })
  const replaced: ReplacedCheckout[] = []
  for (const payment of open) {
    await closeWithin(tx, payment.id, { status: 'expired', reason: replacedReason, now })
    if (payment.providerCheckoutId) {
      replaced.push({
        paymentId: payment.id,
        provider: payment.provider,
        providerCheckoutId: payment.providerCheckoutId,
      })
    }
  }
  return replaced
}

/**
 * Closes replaced checkouts at their providers, so nobody pays them now. Called with no
 * transaction open. A provider that fails is logged, not retried: a payment that still arrives
 * settles late, and goes to review if its code's use went to the new checkout (late-redemption).
 */
export async function closeAtProviders(
  app: FastifyInstance,
  replaced: ReplacedCheckout[],
): Promise<void> {
  for (const { paymentId, provider: name, providerCheckoutId } of replaced) {
    const provider = paymentProvidersFor(app)[name as CheckoutProvider]
    if (!provider) continue
    await provider.closeCheckout(providerCheckoutId).catch((error: unknown) => {
      // Our own words (provider-errors), which never hold a key.
      const problem = error instanceof HttpError ? error.message : 'unreadable answer'
      app.log.warn(
        { paymentId, provider: name, problem },
        'Could not close a replaced checkout at its provider',
      )
    })
  }
}
