import Stripe from 'stripe'
import type { Config } from '../../../config'
import { HttpError } from '../../../lib/http-error'
import { providerRefused, providerTimeout, providerUnavailable } from './provider-errors'

export type StripeSettings = NonNullable<Config['payments']['stripe']>

// One client per settings, shared by checkouts and saved cards: one pool of sockets.
const clients = new WeakMap<StripeSettings, Stripe>()

/** The official library pointed at STRIPE_API_BASE. */
export function stripeClient(settings: StripeSettings, { timeoutMs }: { timeoutMs: number }) {
  let client = clients.get(settings)
  if (!client) {
    const base = new URL(settings.apiBase)
    client = new Stripe(settings.secretKey, {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      timeout: timeoutMs,
      // One retry of a 5xx, 429 or dropped connection; the idempotency key makes it safe.
      maxNetworkRetries: 1,
      telemetry: false,
    })
    clients.set(settings, client)
  }
  return client
}

/** The Stripe library's errors in our words: a timeout 504, an outage 502, a refusal 502 with Stripe's message. */
export function stripeFailure(error: unknown): never {
  if (error instanceof HttpError) throw error
  if (error instanceof Stripe.errors.StripeConnectionError) {
    throw /timeout/i.test(error.message) ? providerTimeout('stripe') : providerUnavailable('stripe')
  }
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 502
    if (status >= 500 || status === 429) throw providerUnavailable('stripe')
    throw providerRefused('stripe', status, error.message)
  }
  throw providerUnavailable('stripe')
}
