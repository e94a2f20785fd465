import Stripe from 'stripe'
import { paymentReturnPaths } from '../payment-pages.routes'
import { badRequest } from '../../../lib/http-error'
import type {
  CheckoutState,
  PaymentProvider,
  WebhookEvent,
  WebhookEventKind,
} from './payment-provider'
import { badSignature, providerUnavailable } from './provider-errors'
import { providerCard } from './stripe-card-vault'
import { stripeClient, stripeFailure, type StripeSettings } from './stripe-client'

// Stripe takes an `expires_at` 30 minutes after it makes the session at the soonest, so a checkout
// of ours that ends sooner (a limited code's) lives a minute longer there; reconciliation expires
// it at Stripe when ours ends. An hour's checkout is reused with 35 minutes left at least, so its
// retry sends its own expiry unchanged, as the idempotency key requires.
const shortestLifeMs = 31 * 60_000

// Stripe's own advice: a signed event older than five minutes may be a replay. The library
// checks only the age; one dated as far ahead is no more Stripe's, so both ways are refused.
const signatureToleranceSeconds = 300

/** The `t=` of a Stripe-Signature header, in seconds, or null when it has none. */
function signedAt(header: string): number | null {
  const stamp = header
    .split(',')
    .map((item) => item.trim().split('='))
    .find(([key]) => key === 't')?.[1]
  return stamp && /^\d{1,12}$/.test(stamp) ? Number(stamp) : null
}

/** What we read of a Checkout Session, in events and in GET /v1/checkout/sessions/{id}. */
type SessionFields = {
  id: string
  status?: string | null
  payment_status?: string
  amount_total?: number | null
  currency?: string | null
  client_reference_id?: string | null
  metadata?: Record<string, string> | null
  payment_intent?: string | { id: string } | null
}

/** What we read of a Charge (charge.refunded). */
type ChargeFields = {
  amount?: number
  amount_refunded?: number
  currency?: string
  metadata?: Record<string, string> | null
  payment_intent?: string | { id: string } | null
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

function sessionEvent(kind: WebhookEventKind, session: SessionFields) {
  return {
    kind,
    paymentId: session.metadata?.paymentId ?? session.client_reference_id ?? null,
    providerCheckoutId: session.id,
    providerPaymentId: idOf(session.payment_intent),
    amountMinor: session.amount_total ?? null,
    currency: session.currency?.toUpperCase() ?? null,
    refundedMinor: null,
  }
}

/** A Checkout Session as reconciliation reads it. */
function stateOf(session: SessionFields): CheckoutState {
  return {
    isPaid: session.payment_status === 'paid',
    // A delayed method that failed leaves the session complete and unpaid: only its
    // async_payment_failed event says so, so reconciliation leaves that one pending.
    closedAs: session.status === 'expired' ? 'expired' : null,
    amountMinor: session.amount_total ?? 0,
    currency: session.currency?.toUpperCase() ?? '',
    providerPaymentId: idOf(session.payment_intent),
  }
}

/** An off-session charge of ours (its metadata names the attempt), settled or declined. */
function offSessionEvent(intent: Stripe.PaymentIntent, kind: 'settled' | 'declined') {
  const attempt = Number(intent.metadata?.attempt)
  if (!Number.isInteger(attempt) || attempt < 1) return ignored
  const error = intent.last_payment_error
  return {
    ...ignored,
    kind,
    paymentId: intent.metadata?.paymentId ?? null,
    providerPaymentId: intent.id,
    amountMinor: intent.amount_received || intent.amount,
    currency: intent.currency.toUpperCase(),
    attempt,
    ...(kind === 'declined'
      ? {
          decline: {
            code: error?.decline_code || error?.code || 'card_declined',
            message: error?.message ?? 'The card was declined.',
          },
        }
      : {}),
  }
}

/** A card event: the card as Stripe describes it now. */
function cardEvent(kind: WebhookEventKind, method: Stripe.PaymentMethod) {
  const card = providerCard(method)
  return card ? { ...ignored, kind, card } : ignored
}

const ignored = {
  kind: 'ignored' as WebhookEventKind,
  paymentId: null,
  providerCheckoutId: null,
  providerPaymentId: null,
  amountMinor: null,
  currency: null,
  refundedMinor: null,
}

/** Stripe's event types in our words; `completed` settles only once the money is there. */
function eventFields(event: Stripe.Event): Omit<WebhookEvent, 'eventId' | 'type'> {
  const object = event.data.object as unknown
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = object as SessionFields & { mode?: string }
      if (session.mode === 'setup') {
        const personId = session.metadata?.personId ?? null
        return { ...ignored, kind: 'card_saved', providerCheckoutId: session.id, personId }
      }
      return sessionEvent(session.payment_status === 'paid' ? 'settled' : 'ignored', session)
    }
    case 'payment_intent.succeeded':
      return offSessionEvent(object as Stripe.PaymentIntent, 'settled')
    case 'payment_intent.payment_failed':
      return offSessionEvent(object as Stripe.PaymentIntent, 'declined')
    case 'payment_method.automatically_updated':
      return cardEvent('card_updated', object as Stripe.PaymentMethod)
    case 'payment_method.detached':
      return cardEvent('card_detached', object as Stripe.PaymentMethod)
    case 'checkout.session.async_payment_succeeded':
      return sessionEvent('settled', object as SessionFields)
    case 'checkout.session.async_payment_failed':
      return sessionEvent('failed', object as SessionFields)
    case 'checkout.session.expired':
      return sessionEvent('expired', object as SessionFields)
    case 'charge.refunded': {
      const charge = object as ChargeFields
      return {
        kind: 'refunded',
        paymentId: charge.metadata?.paymentId ?? null,
        providerCheckoutId: null,
        providerPaymentId: idOf(charge.payment_intent),
        amountMinor: charge.amount ?? null,
        currency: charge.currency?.toUpperCase() ?? null,
        refundedMinor: charge.amount_refunded ?? null,
      }
    }
    default:
      return ignored
  }
}

/** Stripe Checkout through the official library, pointed at STRIPE_API_BASE. */
export function createStripeProvider(
  settings: StripeSettings,
  options: { timeoutMs: number; publicOrigin: string; now: () => Date },
): PaymentProvider {
  const stripe = stripeClient(settings, options)

  return {
    name: 'stripe',

    async createCheckout(request) {
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: {
                    name: request.description,
                    ...(request.discountNote ? { description: request.discountNote } : {}),
                  },
                },
              },
            ],
            client_reference_id: request.paymentId,
            metadata: { paymentId: request.paymentId },
            // Refund events carry the charge, not the session: the id rides on the payment too.
            // A card saved for renewals is saved on the person's Customer, for use off-session.
            payment_intent_data: {
              metadata: { paymentId: request.paymentId },
              ...(request.saveCardFor ? { setup_future_usage: 'off_session' as const } : {}),
            },
            ...(request.saveCardFor
              ? { customer: request.saveCardFor.customerId }
              : request.customerEmail
                ? { customer_email: request.customerEmail }
                : {}),
            success_url: `${options.publicOrigin}${request.returnTo?.success ?? `${paymentReturnPaths.success}?session_id={CHECKOUT_SESSION_ID}`}`,
            cancel_url: `${options.publicOrigin}${request.returnTo?.cancelled ?? paymentReturnPaths.cancelled}`,
            expires_at: Math.floor(
              Math.max(request.expiresAt.getTime(), options.now().getTime() + shortestLifeMs) /
                1000,
            ),
          },
          // A retry of the same payment gets the same session back, never a second one.
          { idempotencyKey: request.idempotencyKey ?? request.paymentId },
        )
        .catch(stripeFailure)
      if (!session.url) throw providerUnavailable('stripe')
      return { providerCheckoutId: session.id, checkoutUrl: session.url }
    },

    async readCheckout(providerCheckoutId) {
      const session = await stripe.checkout.sessions
        .retrieve(providerCheckoutId)
        .catch(stripeFailure)
      return stateOf(session as SessionFields)
    },

    async closeCheckout(providerCheckoutId) {
      try {
        const session = await stripe.checkout.sessions.expire(providerCheckoutId)
        return stateOf(session as SessionFields)
      } catch (error) {
        // Only an open session can be expired: one completed (paid) or expired already is read.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return this.readCheckout(providerCheckoutId)
        }
        return stripeFailure(error)
      }
    },

    async refund({ providerPaymentId, amountMinor, idempotencyKey }) {
      const refund = await stripe.refunds
        .create({ payment_intent: providerPaymentId, amount: amountMinor }, { idempotencyKey })
        .catch(stripeFailure)
      return { providerRefundId: refund.id }
    },

    async parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature']
      if (typeof signature !== 'string' || signature === '') {
        throw badSignature('Stripe-Signature header is required')
      }
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          signatureToleranceSeconds,
          undefined,
          // Milliseconds: the library divides by 1000 itself.
          options.now().getTime(),
        )
      } catch {
        throw badSignature('Stripe-Signature does not match this body, or is too old')
      }
      const nowSeconds = Math.floor(options.now().getTime() / 1000)
      if ((signedAt(signature) ?? 0) - nowSeconds > signatureToleranceSeconds) {
        throw badSignature('Stripe-Signature is dated in the future')
      }
      const data = (event as { data?: { object?: unknown } }).data
      if (typeof data?.object !== 'object' || data.object === null) {
        throw badRequest('The event has no data.object')
      }
      return { eventId: event.id, type: event.type, ...eventFields(event) }
    },
  }
}
