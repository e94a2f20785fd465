import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CheckoutProvider } from '../../../common/payments'
import { payments } from '../../db/schema/payments'
import { trialRequests } from '../../db/schema/trial-requests'
import { publishNotification } from '../notifications/notifications.service'
import { noticeHeldPayment, spokenAmount } from '../subscriptions/payment-notices'
import type { WebhookEvent } from './providers/payment-provider'

type Ours = { id: string; providerCheckoutId: string | null }

/**
 * Whether a checkout event is about a checkout other than the one we made for the payment it
 * names (a customer can put our payment's id on a checkout of their own, e.g. a payment link's
 * `client_reference_id`). Refund events name no checkout and are matched by the charge.
 */
export const isForeignCheckout = (payment: Ours, event: WebhookEvent) =>
  event.providerCheckoutId !== null && event.providerCheckoutId !== payment.providerCheckoutId

/**
 * Money taken through a checkout we never made for this payment (or a second one for a payment
 * already paid) never settles ours: it is recorded as a payment of its own, held for review with
 * both checkout ids, for the same person, plan and months, at the amount received, and the
 * admins are told. Ours stays as it was. The provider's checkout id is unique per provider, so a
 * redelivery (or the checkout's next event) records it once.
 */
export async function holdForeignCheckout(
  app: FastifyInstance,
  provider: CheckoutProvider,
  ours: Ours,
  event: WebhookEvent,
): Promise<void> {
  const now = app.now()
  const received =
    event.amountMinor !== null && event.amountMinor >= 0 && event.currency
      ? { minor: event.amountMinor, currency: event.currency.toUpperCase().slice(0, 3) }
      : null
  const reason =
    `Paid through checkout ${event.providerCheckoutId}, which is not ${ours.providerCheckoutId ?? 'any checkout we made'}, ` +
    `the checkout of payment ${ours.id}; nothing was extended` +
    (received ? '' : ', and the provider did not say how much was paid')
  const notification = await app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, ours.id))
    const amountMinor = received?.minor ?? 0
    const [held] = await tx
      .insert(payments)
      .values({
        trialRequestId: payment!.trialRequestId,
        planId: payment!.planId,
        planName: payment!.planName,
        months: payment!.months,
        amountMinor,
        listAmountMinor: amountMinor,
        currency: received?.currency ?? payment!.currency,
        receivedMinor: received?.minor ?? null,
        receivedCurrency: received?.currency ?? null,
        provider,
        providerCheckoutId: event.providerCheckoutId,
        providerPaymentId: event.providerPaymentId,
        status: 'needs_review',
        statusReason: reason,
        createdBy: 'system',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!held) return null
    const [person] = held.trialRequestId
      ? await tx
          .select({ id: trialRequests.id, name: trialRequests.name })
          .from(trialRequests)
          .where(eq(trialRequests.id, held.trialRequestId))
      : []
    return noticeHeldPayment(tx, held, person ?? null, reason, now)
  })
  app.log.warn(
    {
      paymentId: ours.id,
      provider,
      checkoutId: event.providerCheckoutId,
      ourCheckoutId: ours.providerCheckoutId,
      amount: received ? spokenAmount(received.minor, received.currency) : null,
    },
    'A checkout we did not make for this payment was paid; held for review',
  )
  if (notification) await publishNotification(app.bus, notification)
}
