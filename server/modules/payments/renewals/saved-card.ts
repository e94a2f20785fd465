import { and, asc, eq, isNull, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { payments } from '../../../db/schema/payments'
import { turnOnAutoRenewal } from '../../subscriptions/auto-renewal-state'
import { systemPaymentContext, type PaymentContext } from '../payment-context'
import { storeRenewalCard } from './stripe-customers'

// A settle's own follow-up takes the card within moments; the round takes what it left.
const leftAfterMs = 60_000

/**
 * After a paid checkout that saves its card has committed: reads the card from Stripe (outside
 * any transaction), makes it the person's renewal card and turns automatic renewal on, once.
 * Safe to repeat: a later webhook delivery or the renewal round completes a follow-up that died.
 */
export async function takeSavedCard(
  ctx: Pick<PaymentContext, 'db' | 'now' | 'providers'>,
  paymentId: string,
): Promise<void> {
  const vault = ctx.providers.cards
  if (!vault) return
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId))
  if (
    !payment?.savesCard ||
    payment.status !== 'paid' ||
    payment.cardTakenAt ||
    !payment.providerPaymentId ||
    !payment.trialRequestId
  ) {
    return
  }
  const personId = payment.trialRequestId
  const card = await vault.cardOfPayment(payment.providerPaymentId)
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now()
    const [taken] = await tx
      .update(payments)
      .set({ cardTakenAt: now, updatedAt: now })
      .where(and(eq(payments.id, paymentId), isNull(payments.cardTakenAt)))
      .returning({ id: payments.id })
    if (!taken || !card) return
    if (await storeRenewalCard(tx, personId, card, now)) await turnOnAutoRenewal(tx, personId, now)
  })
}

/** The renewal round's share: cards of paid checkouts whose follow-up died with its process. */
export async function takeLeftCards(app: FastifyInstance): Promise<number> {
  const left = await app.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.savesCard, true),
        isNull(payments.cardTakenAt),
        eq(payments.status, 'paid'),
        lt(payments.paidAt, new Date(app.now().getTime() - leftAfterMs)),
      ),
    )
    .orderBy(asc(payments.paidAt))
    .limit(100)
  const ctx = systemPaymentContext(app)
  for (const { id } of left) {
    // One card Stripe will not give now must not hold back the others: the next round asks.
    await takeSavedCard(ctx, id).catch((error: unknown) =>
      app.log.warn({ err: error, paymentId: id }, 'Could not take a saved card; will retry'),
    )
  }
  return left.length
}
