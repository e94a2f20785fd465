import type { FastifyInstance } from 'fastify'
import type { CheckoutProvider, PaymentProvidersState } from '../../../../common/payments'
import { siteOrigin } from '../../../lib/site-origin'
import { createBtcpayProvider } from './btcpay-provider'
import type { CardVault } from './card-vault'
import type { PaymentProvider } from './payment-provider'
import { createStripeCardVault } from './stripe-card-vault'
import { createStripeProvider } from './stripe-provider'

/** The configured providers: a checkout's (by name) and renewals' card vault; null when unset. */
export type PaymentProviders = Record<CheckoutProvider, PaymentProvider | null> & {
  cards: CardVault | null
}

// One set per app (keyed by its config), so the Stripe client and its sockets are made once.
const made = new WeakMap<object, PaymentProviders>()

/** The configured checkout providers of this app; a provider whose settings are absent is null. */
export function paymentProvidersFor(app: FastifyInstance): PaymentProviders {
  let providers = made.get(app.config)
  if (!providers) {
    const { stripe, btcpay, timeoutMs } = app.config.payments
    const options = { timeoutMs, publicOrigin: siteOrigin(app.config), now: app.now }
    providers = {
      stripe: stripe ? createStripeProvider(stripe, options) : null,
      btcpay: btcpay ? createBtcpayProvider(btcpay, options) : null,
      cards: stripe ? createStripeCardVault(stripe, options) : null,
    }
    made.set(app.config, providers)
  }
  return providers
}

/** Where renewals' cards are saved and charged: Stripe's, when Stripe is configured. */
export const cardVaultFor = (app: FastifyInstance): CardVault | null =>
  paymentProvidersFor(app).cards

/** Which checkouts can be offered, for the screens (never a setting's value). */
export function providersState(app: FastifyInstance): PaymentProvidersState {
  const providers = paymentProvidersFor(app)
  return { stripe: providers.stripe !== null, btcpay: providers.btcpay !== null }
}
