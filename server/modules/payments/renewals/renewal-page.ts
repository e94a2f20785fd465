import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { payments } from '../../../db/schema/payments'
import { trialRequests } from '../../../db/schema/trial-requests'
import { paymentProvidersFor } from '../providers/payment-providers'

const hour = 60 * 60 * 1000
// Stripe keeps a session open 24 hours at most: a page is made for 23, and one opened later gets
// a page of its own (a new idempotency key each 20 hours), so the e-mail's button always works.
const pageLifetimeMs = 23 * hour
const pageWindowMs = 20 * hour
const reusableForMs = 10 * 60_000

/**
 * Stripe's page where the customer pays a renewal their card asked them to approve (3-D
 * Secure): made when the e-mail's button is opened (outside any transaction), kept on the payment
 * and handed out again while it is open. Paid, it settles as every checkout does, through the one
 * settle step, by its webhook. Null when the renewal is no longer to pay.
 */
export async function renewalPageUrl(
  app: FastifyInstance,
  paymentId: string,
): Promise<string | null> {
  const stripe = paymentProvidersFor(app).stripe
  const [payment] = await app.db
    .select({ payment: payments, email: trialRequests.email })
    .from(payments)
    .innerJoin(trialRequests, eq(trialRequests.id, payments.trialRequestId))
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.kind, 'renewal'),
        isNotNull(payments.renewsPeriodEnd),
      ),
    )
  if (!stripe || payment?.payment.status !== 'pending') return null
  const { payment: renewal, email } = payment
  const now = app.now()
  if (
    renewal.checkoutUrl &&
    renewal.expiresAt &&
    renewal.expiresAt.getTime() > now.getTime() + reusableForMs
  ) {
    return renewal.checkoutUrl
  }
  const expiresAt = new Date(now.getTime() + pageLifetimeMs)
  const created = await stripe.createCheckout({
    paymentId,
    idempotencyKey: `${paymentId}-page-${Math.floor(now.getTime() / pageWindowMs)}`,
    amountMinor: renewal.amountMinor,
    currency: renewal.currency,
    description: `${renewal.planName}, renewal`,
    customerEmail: email,
    expiresAt,
    returnTo: { success: '/account', cancelled: '/account' },
  })
  await app.db
    .update(payments)
    .set({ ...created, expiresAt, updatedAt: app.now() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
  return created.checkoutUrl
}
