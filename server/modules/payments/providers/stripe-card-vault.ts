import Stripe from 'stripe'
import type { CardVault } from './card-vault'
import type { ProviderCard } from './payment-provider'
import { stripeClient, stripeFailure, type StripeSettings } from './stripe-client'

type ExpandedMethod = string | Stripe.PaymentMethod | null

/** A card payment method as we keep it; null for anything else (or nothing). */
export function providerCard(method: ExpandedMethod): ProviderCard | null {
  if (!method || typeof method === 'string' || !method.card) return null
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card
  return { paymentMethodId: method.id, brand, last4, expMonth, expYear }
}

/** Stripe's Customers, saved cards and off-session PaymentIntents, through the official library. */
export function createStripeCardVault(
  settings: StripeSettings,
  options: { timeoutMs: number; publicOrigin: string },
): CardVault {
  const stripe = stripeClient(settings, options)
  return {
    async createCustomer({ personId, email, name }) {
      const customer = await stripe.customers
        .create(
          { email, name, metadata: { personId } },
          // Made once per person: a retry, or a second tab, gets the same Customer.
          { idempotencyKey: `customer-${personId}` },
        )
        .catch(stripeFailure)
      return customer.id
    },

    async createCardSetup({ customerId, personId, currency, returnTo }) {
      const session = await stripe.checkout.sessions
        .create({
          mode: 'setup',
          customer: customerId,
          // Stripe asks for the currency in setup mode: the methods offered depend on it.
          currency: currency.toLowerCase(),
          metadata: { personId },
          setup_intent_data: { metadata: { personId } },
          success_url: `${options.publicOrigin}${returnTo.success}`,
          cancel_url: `${options.publicOrigin}${returnTo.cancelled}`,
        })
        .catch(stripeFailure)
      if (!session.url) return stripeFailure(new Error('Stripe gave no page for the session'))
      return { providerCheckoutId: session.id, checkoutUrl: session.url }
    },

    async cardOfPayment(providerPaymentId) {
      const intent = await stripe.paymentIntents
        .retrieve(providerPaymentId, { expand: ['payment_method'] })
        .catch(stripeFailure)
      return providerCard(intent.payment_method)
    },

    async cardOfSetup(providerCheckoutId) {
      const session = await stripe.checkout.sessions
        .retrieve(providerCheckoutId, { expand: ['setup_intent.payment_method'] })
        .catch(stripeFailure)
      const intent = session.setup_intent
      if (!intent) return null
      const setup =
        typeof intent === 'string'
          ? await stripe.setupIntents
              .retrieve(intent, { expand: ['payment_method'] })
              .catch(stripeFailure)
          : intent
      const card = providerCard(setup.payment_method)
      const customer = session.customer ?? setup.customer
      const customerId = typeof customer === 'string' ? customer : (customer?.id ?? null)
      return card && customerId ? { ...card, customerId } : null
    },

    async chargeSavedCard(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { paymentId: request.paymentId, attempt: String(request.attempt) },
          },
          // The same try asked twice (a crash, a lost answer) is the same charge at Stripe.
          { idempotencyKey: `${request.paymentId}-${request.attempt}` },
        )
        if (intent.status === 'succeeded') {
          return { outcome: 'succeeded', providerPaymentId: intent.id }
        }
        // Off-session, any other state means the customer must act: it cannot complete alone.
        return {
          outcome: 'declined',
          code: 'authentication_required',
          message: 'The card asks its holder to confirm this payment.',
          providerPaymentId: intent.id,
        }
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const raw = error.raw as { payment_intent?: { id?: string } } | undefined
          return {
            outcome: 'declined',
            code: error.decline_code || error.code || 'card_declined',
            message: error.message,
            providerPaymentId: raw?.payment_intent?.id ?? null,
          }
        }
        return stripeFailure(error)
      }
    },
  }
}
