import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CheckoutProvider } from '../../../common/payments'
import type { Db } from '../../db/client'
import { paymentEvents } from '../../db/schema/payment-events'
import { payments } from '../../db/schema/payments'
import { badRequest } from '../../lib/http-error'
import { settlePayment } from './settle-payment'
import type { WebhookEvent } from './providers/payment-provider'
import { applyCardEvent, isCardEvent } from './renewals/card-events'
import { closePayment } from './close-payment'
import { holdForeignCheckout, isForeignCheckout } from './foreign-checkout'
import { systemPaymentContext } from './payment-context'
import { recordProviderRefunds } from './refunds.service'
import { recordDecline, recordRenewalSuccess } from './renewals/renewal-outcomes'

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// Provider ids are printable ASCII; anything else is no id of theirs (and never reaches SQL).
const idShape = /^[\x21-\x7e]{1,255}$/

async function isHandled(db: Db, provider: CheckoutProvider, eventId: string) {
  const [seen] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
  return seen !== undefined
}

/**
 * Our payment the event is about: by the provider's ids first (the checkout, then the charge),
 * else by the id we gave the provider, which a customer can copy onto a checkout of their own.
 */
async function findPayment(db: Db, provider: CheckoutProvider, event: WebhookEvent) {
  const columns = {
    id: payments.id,
    renewsPeriodEnd: payments.renewsPeriodEnd,
    providerCheckoutId: payments.providerCheckoutId,
  }
  const byColumn = [
    [payments.providerCheckoutId, event.providerCheckoutId],
    [payments.providerPaymentId, event.providerPaymentId],
    [payments.id, event.paymentId && uuidShape.test(event.paymentId) ? event.paymentId : null],
  ] as const
  for (const [column, value] of byColumn) {
    if (!value || !idShape.test(value)) continue
    const [found] = await db
      .select(columns)
      .from(payments)
      .where(and(eq(column, value), eq(payments.provider, provider)))
      .limit(1)
    if (found) return found
  }
  return null
}

type Found = NonNullable<Awaited<ReturnType<typeof findPayment>>>

/** Stripe's cumulative refunded amount, compared with the refunds we recorded (never added). */
const markRefunded = (app: FastifyInstance, payment: Found, event: WebhookEvent) =>
  app.db.transaction((tx) => recordProviderRefunds(tx, payment.id, event.refundedMinor, app.now()))

async function applyRenewalCharge(
  app: FastifyInstance,
  payment: Found,
  event: WebhookEvent,
  attempt: number,
) {
  if (event.kind === 'declined' && event.decline) {
    return recordDecline(app, payment.id, attempt, {
      ...event.decline,
      providerPaymentId: event.providerPaymentId,
    })
  }
  if (event.kind === 'settled' && event.providerPaymentId) {
    await recordRenewalSuccess(systemPaymentContext(app), payment.id, attempt, {
      // An event without an amount never matches our record: the settle step sends it to review.
      amountMinor: event.amountMinor ?? -1,
      currency: event.currency ?? '',
      providerPaymentId: event.providerPaymentId,
    })
  }
}

async function apply(
  app: FastifyInstance,
  provider: CheckoutProvider,
  payment: Found,
  event: WebhookEvent,
) {
  if (isForeignCheckout(payment, event)) {
    // Another checkout's news never moves ours; money it took waits for an admin.
    if (event.kind === 'settled') return holdForeignCheckout(app, provider, payment, event)
    app.log.warn(
      { paymentId: payment.id, provider, checkoutId: event.providerCheckoutId, type: event.type },
      'An event of a checkout we did not make for this payment was ignored',
    )
    return
  }
  if (payment.renewsPeriodEnd && event.attempt !== undefined) {
    // An off-session charge of ours: the same steps as its synchronous answer, in either order.
    return applyRenewalCharge(app, payment, event, event.attempt)
  }
  switch (event.kind) {
    case 'settled':
      // The one idempotent settle step: it compares the amount with our record and extends once.
      await settlePayment(systemPaymentContext(app), payment.id, {
        // An event without an amount never matches our record: the settle step sends it to review.
        amountMinor: event.amountMinor ?? -1,
        currency: event.currency ?? '',
        providerPaymentId: event.providerPaymentId,
        via: provider,
      })
      return
    case 'failed':
    case 'expired': {
      // An automatic renewal's payment page that ended unpaid leaves it to its retries.
      if (payment.renewsPeriodEnd) return
      const reason = event.kind === 'failed' ? 'The provider reported the payment failed' : null
      await closePayment(app.db, payment.id, { status: event.kind, reason, now: app.now() })
      return
    }
    case 'refunded':
      return markRefunded(app, payment, event)
    case 'ignored':
      return
  }
}

/**
 * One verified delivery. An event id already handled does nothing. Otherwise the event is
 * applied first and recorded after: every step is idempotent on its own (settling is keyed on
 * our payment, marking moves only a pending payment), so two deliveries at once do no harm, and
 * a crash in between leaves the event unrecorded for the provider's next delivery.
 */
export async function handleProviderEvent(
  app: FastifyInstance,
  provider: CheckoutProvider,
  event: WebhookEvent,
): Promise<'handled' | 'duplicate'> {
  if (!idShape.test(event.eventId) || !/^[\x20-\x7e]{1,100}$/.test(event.type)) {
    throw badRequest('The event has no usable id or type')
  }
  if (await isHandled(app.db, provider, event.eventId)) return 'duplicate'
  const isAboutPayment = event.kind !== 'ignored' && !isCardEvent(event)
  const payment = isAboutPayment ? await findPayment(app.db, provider, event) : null
  if (payment) await apply(app, provider, payment, event)
  if (isCardEvent(event)) await applyCardEvent(app, event)
  await app.db
    .insert(paymentEvents)
    .values({
      provider,
      eventId: event.eventId,
      paymentId: payment?.id ?? null,
      type: event.type,
      receivedAt: app.now(),
    })
    .onConflictDoNothing()
  return 'handled'
}
