import { randomId } from './fake-provider-http'
import { missing, now, stripeError, type Answer, type Params } from './fake-stripe-objects'

/**
 * What a card does when charged, as Stripe's test cards do: succeed, decline with a decline code
 * (`insufficient_funds`, `lost_card`, …), fail with an error code of its own (`expired_card`,
 * `incorrect_number`, `processing_error`), or ask for authentication the customer must give.
 */
export type CardBehaviour = 'succeeds' | 'authentication_required' | { declineCode: string }

export type CardDetails = {
  brand?: string
  last4?: string
  expMonth?: number
  expYear?: number
  behaviour?: CardBehaviour
}

export type FakePaymentMethod = {
  id: string
  object: 'payment_method'
  type: 'card'
  customer: string | null
  created: number
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' }
  metadata: Record<string, string>
}

export type FakePaymentIntent = {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded'
  customer: string | null
  payment_method: string | null
  setup_future_usage: string | null
  latest_charge: string | null
  last_payment_error: Params | null
  metadata: Record<string, string>
  description: string | null
  created: number
}

type FakeCustomer = {
  id: string
  object: 'customer'
  email: string | null
  name: string | null
  metadata: Record<string, string>
  created: number
  invoice_settings: { default_payment_method: string | null }
}

type FakeSetupIntent = {
  id: string
  object: 'setup_intent'
  status: 'succeeded'
  usage: 'off_session'
  customer: string | null
  payment_method: string
  created: number
}

// Stripe's error codes that are not `card_declined` with a decline code.
const ownErrorCodes = new Set([
  'expired_card',
  'incorrect_number',
  'incorrect_cvc',
  'processing_error',
])

const declineMessage = (code: string) =>
  code === 'authentication_required'
    ? 'Your card was declined. This transaction requires authentication.'
    : code === 'expired_card'
      ? 'Your card has expired.'
      : code === 'incorrect_number'
        ? 'Your card number is incorrect.'
        : code === 'processing_error'
          ? 'An error occurred while processing your card. Try again in a little bit.'
          : code === 'insufficient_funds'
            ? 'Your card has insufficient funds.'
            : 'Your card was declined.'

const noSuch = (kind: string, id: string, param = 'id') =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, param, 'resource_missing')

/**
 * Customers, saved cards and off-session charges, from Stripe's API reference: `POST
 * /v1/customers`, `GET /v1/customers/{id}`, `GET /v1/payment_methods/{id}`, `POST
 * /v1/payment_methods/{id}/detach`, `POST /v1/payment_intents` (with `confirm`, `off_session`),
 * `GET /v1/payment_intents/{id}` and `GET /v1/setup_intents/{id}` (each with `expand[]`). A failed
 * confirmation answers 402 with a `card_error` carrying `code`, `decline_code` and the
 * PaymentIntent, as Stripe answers it; `payment_intent.succeeded` or `payment_intent.payment_failed`
 * follows.
 */
export function createFakeStripeCards(emit: (type: string, object: unknown) => Promise<number>) {
  const customers = new Map<string, FakeCustomer>()
  const paymentMethods = new Map<string, FakePaymentMethod>()
  const paymentIntents = new Map<string, FakePaymentIntent>()
  const setupIntents = new Map<string, FakeSetupIntent>()
  const behaviours = new Map<string, CardBehaviour>()
  /** Webhooks of the calls answered so far, for tests to await. */
  const deliveries: Promise<number>[] = []

  function addCard({
    brand = 'visa',
    last4 = '4242',
    expMonth = 12,
    expYear = new Date().getUTCFullYear() + 3,
    behaviour = 'succeeds',
  }: CardDetails = {}): FakePaymentMethod {
    const method: FakePaymentMethod = {
      id: randomId('pm_'),
      object: 'payment_method',
      type: 'card',
      customer: null,
      created: now(),
      card: { brand, last4, exp_month: expMonth, exp_year: expYear, funding: 'credit' },
      metadata: {},
    }
    paymentMethods.set(method.id, method)
    behaviours.set(method.id, behaviour)
    return method
  }

  function recordIntent(fields: Partial<FakePaymentIntent> & { amount: number; currency: string }) {
    const intent: FakePaymentIntent = {
      id: randomId('pi_'),
      object: 'payment_intent',
      amount_received: 0,
      status: 'requires_payment_method',
      customer: null,
      payment_method: null,
      setup_future_usage: null,
      latest_charge: null,
      last_payment_error: null,
      metadata: {},
      description: null,
      created: now(),
      ...fields,
    }
    paymentIntents.set(intent.id, intent)
    return intent
  }

  /** Expands what `expand[]` names (Stripe sends `expand[0]=payment_method`). */
  function expanded<T extends { payment_method?: string | null }>(object: T, params: Params) {
    const names = Object.values((params.expand as Params | undefined) ?? {})
    if (!names.includes('payment_method') || !object.payment_method) return object
    return { ...object, payment_method: paymentMethods.get(object.payment_method) ?? null }
  }

  function confirm(intent: FakePaymentIntent): Answer {
    const method = paymentMethods.get(intent.payment_method!)!
    const behaviour = behaviours.get(method.id) ?? 'succeeds'
    const expired =
      method.card.exp_year * 12 + method.card.exp_month <
      new Date().getUTCFullYear() * 12 + new Date().getUTCMonth() + 1
    if (behaviour === 'succeeds' && !expired) {
      intent.status = 'succeeded'
      intent.amount_received = intent.amount
      intent.latest_charge = randomId('ch_')
      intent.last_payment_error = null
      deliveries.push(emit('payment_intent.succeeded', intent))
      return [200, intent]
    }
    const failure =
      expired || behaviour === 'succeeds'
        ? 'expired_card'
        : behaviour === 'authentication_required'
          ? 'authentication_required'
          : behaviour.declineCode
    // Off the customer's session Stripe cannot ask for authentication: it fails with that code.
    const code =
      failure === 'authentication_required' || ownErrorCodes.has(failure)
        ? failure
        : 'card_declined'
    const error = {
      type: 'card_error',
      code,
      ...(code === 'card_declined' ? { decline_code: failure } : {}),
      message: declineMessage(failure),
      payment_method: method,
    }
    intent.status = 'requires_payment_method'
    intent.last_payment_error = error
    deliveries.push(emit('payment_intent.payment_failed', intent))
    return [402, { error: { ...error, payment_intent: structuredClone(intent) } }]
  }

  function createCustomer(params: Params): Answer {
    const customer: FakeCustomer = {
      id: randomId('cus_'),
      object: 'customer',
      email: (params.email as string) ?? null,
      name: (params.name as string) ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      created: now(),
      invoice_settings: { default_payment_method: null },
    }
    customers.set(customer.id, customer)
    return [200, customer]
  }

  function createPaymentIntent(params: Params): Answer {
    for (const name of ['amount', 'currency']) if (!params[name]) return missing(name)
    const amount = Number(params.amount)
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(
        400,
        'invalid_request_error',
        'Amount must be at least 50 cents.',
        'amount',
        'amount_too_small',
      )
    }
    const customer = params.customer as string | undefined
    if (customer && !customers.has(customer)) return noSuch('customer', customer, 'customer')
    const methodId = params.payment_method as string | undefined
    const method = methodId ? paymentMethods.get(methodId) : undefined
    if (methodId && !method) return noSuch('PaymentMethod', methodId, 'payment_method')
    if (method && method.customer !== (customer ?? null)) {
      return stripeError(
        400,
        'invalid_request_error',
        `The provided PaymentMethod ${methodId} does not belong to the Customer ${customer ?? ''}.`,
        'payment_method',
      )
    }
    const offSession = params.off_session === 'true'
    if (offSession && params.confirm !== 'true') {
      return stripeError(
        400,
        'invalid_request_error',
        'off_session can only be set when confirm is true.',
        'off_session',
      )
    }
    const intent = recordIntent({
      amount,
      currency: String(params.currency),
      customer: customer ?? null,
      payment_method: methodId ?? null,
      status: methodId ? 'requires_confirmation' : 'requires_payment_method',
      metadata: (params.metadata as Record<string, string>) ?? {},
      description: (params.description as string) ?? null,
    })
    if (params.confirm !== 'true') return [200, intent]
    if (!method) return missing('payment_method')
    return confirm(intent)
  }

  function detach(id: string): Answer {
    const method = paymentMethods.get(id)
    if (!method) return noSuch('PaymentMethod', id)
    if (!method.customer) {
      return stripeError(
        400,
        'invalid_request_error',
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      )
    }
    method.customer = null
    deliveries.push(emit('payment_method.detached', method))
    return [200, method]
  }

  /** What answers `method path` in this part of the API; null for a path it does not know. */
  function route(method: string, path: string): ((params: Params) => Answer) | null {
    if (method === 'POST' && path === '/v1/customers') return createCustomer
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent
    const [, kind, id, action] =
      /^\/v1\/(customers|payment_methods|payment_intents|setup_intents)\/([^/]+)(?:\/(\w+))?$/.exec(
        path,
      ) ?? []
    if (!kind || !id) return null
    if (method === 'POST' && kind === 'payment_methods' && action === 'detach')
      return () => detach(id)
    if (method !== 'GET' || action) return null
    return (params) => {
      const found =
        kind === 'customers'
          ? customers.get(id)
          : kind === 'payment_methods'
            ? paymentMethods.get(id)
            : kind === 'payment_intents'
              ? paymentIntents.get(id)
              : setupIntents.get(id)
      if (!found) return noSuch(kind.replace(/s$/, '').replace('_', ''), id)
      return [200, 'payment_method' in found ? expanded(found, params) : found]
    }
  }

  return {
    route,
    customers,
    paymentMethods,
    paymentIntents,
    /** A card the customer types on a hosted page, saved to `customer` when asked to be. */
    addCard,
    recordIntent,
    attach(methodId: string, customer: string | null) {
      paymentMethods.get(methodId)!.customer = customer
    },
    recordSetupIntent(customer: string | null, methodId: string): FakeSetupIntent {
      const intent: FakeSetupIntent = {
        id: randomId('seti_'),
        object: 'setup_intent',
        status: 'succeeded',
        usage: 'off_session',
        customer,
        payment_method: methodId,
        created: now(),
      }
      setupIntents.set(intent.id, intent)
      return intent
    },
    /** From now on charging this card does what `behaviour` says. */
    setBehaviour(methodId: string, behaviour: CardBehaviour) {
      behaviours.set(methodId, behaviour)
    },
    /** The card networks' updater gives the card a new number or expiry. */
    updateAutomatically(
      methodId: string,
      card: { last4?: string; expMonth?: number; expYear?: number },
    ) {
      const method = paymentMethods.get(methodId)!
      method.card = {
        ...method.card,
        last4: card.last4 ?? method.card.last4,
        exp_month: card.expMonth ?? method.card.exp_month,
        exp_year: card.expYear ?? method.card.exp_year,
      }
      return emit('payment_method.automatically_updated', method)
    },
    /** The customer removes the card in Stripe (or their bank does). */
    detachInDashboard(methodId: string) {
      const [status] = detach(methodId)
      if (status !== 200) throw new Error('fake Stripe could not detach the card')
      return deliveries.at(-1)!
    },
    /** What our webhook answered to every event of the calls so far. */
    delivered: () => Promise.all(deliveries),
  }
}

export type FakeStripeCards = ReturnType<typeof createFakeStripeCards>
