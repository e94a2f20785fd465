import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createTrouble,
  parseStripeForm,
  payPage,
  postWebhook,
  randomId,
  readBody,
  sendJson,
  stripeSignature,
} from './fake-provider-http'
import { createFakeStripeCards, type CardDetails } from './fake-stripe-cards'
import {
  buildSession,
  lineTexts,
  missing,
  now,
  stripeError,
  type Answer,
  type FakeSession,
  type Params,
  type Stored,
  type StripeEvent,
} from './fake-stripe-objects'

/**
 * A local Stripe API, from Stripe's API reference: form-encoded `POST /v1/checkout/sessions`,
 * `GET /v1/checkout/sessions/{id}`, `POST /v1/checkout/sessions/{id}/expire`, `POST /v1/refunds`,
 * customers, saved cards and off-session PaymentIntents (fake-stripe-cards.ts), with
 * `Authorization: Bearer <key>`, `Idempotency-Key` replay on every POST, Stripe's error objects
 * and, when asked, its rate limit; a hosted page at each session's `url` whose Pay button
 * completes it with the card the test chose; and webhooks signed with `Stripe-Signature` as
 * Stripe signs them.
 */
export async function startFakeStripe({
  secretKey = 'sk_test_fakeStripeKeyForTests',
  webhookSecret = 'whsec_fakeStripeSecretForTests',
  /** Stripe answers 429 beyond its rate limit (25 requests a second in test mode); off by default. */
  maxRequestsPerSecond = Infinity,
} = {}) {
  const trouble = createTrouble()
  const sessions = new Map<string, FakeSession>()
  /** How much of each paid PaymentIntent's charge was refunded. */
  const refunded = new Map<string, number>()
  const idempotent = new Map<string, Stored>()
  const cards = createFakeStripeCards((type, object) => emit(type, object))
  const state = {
    /** Every API call: its path, form parameters, idempotency key and arrival (ms). */
    calls: [] as {
      method: string
      path: string
      params: Params
      idempotencyKey: string | null
      at: number
    }[],
    /** The card the next customer types on a hosted page. */
    checkoutCard: {} as CardDetails,
    /** The next call that runs loses its answer (the connection drops), as on a network failure. */
    dropNextAnswer: false,
    events: [] as StripeEvent[],
    /** What our webhook answered, per delivery. */
    deliveries: [] as { eventId: string; status: number }[],
    webhookUrl: null as string | null,
  }
  let base = ''
  let lastRefundDelivery: Promise<number> = Promise.resolve(0)
  // The webhooks of sessions expired through the API, sent as the answer goes back.
  const closedByApi: Promise<number>[] = []

  function createSession(params: Params): Answer {
    const customer = params.customer as string | undefined
    if (customer && !cards.customers.has(customer)) {
      return stripeError(
        400,
        'invalid_request_error',
        `No such customer: '${customer}'`,
        'customer',
        'resource_missing',
      )
    }
    const made = buildSession(params, base)
    if (!Array.isArray(made)) sessions.set(made.id, made)
    return Array.isArray(made) ? made : [200, made]
  }

  function refund(params: Params): Answer {
    if (!params.payment_intent) return missing('payment_intent')
    const intent = cards.paymentIntents.get(String(params.payment_intent))
    if (intent?.status !== 'succeeded') {
      return stripeError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${String(params.payment_intent)}'`,
        'payment_intent',
        'resource_missing',
      )
    }
    const before = refunded.get(intent.id) ?? 0
    const amount = Number(params.amount ?? intent.amount - before)
    if (amount <= 0 || before + amount > intent.amount) {
      return stripeError(
        400,
        'invalid_request_error',
        'Refund amount is greater than what is left.',
        'amount',
        'amount_too_large',
      )
    }
    refunded.set(intent.id, before + amount)
    lastRefundDelivery = emit('charge.refunded', chargeOf(intent.id))
    return [
      200,
      {
        id: randomId('re_'),
        object: 'refund',
        amount,
        payment_intent: intent.id,
        status: 'succeeded',
      },
    ]
  }

  function chargeOf(intentId: string) {
    const intent = cards.paymentIntents.get(intentId)!
    const amountRefunded = refunded.get(intentId) ?? 0
    return {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= intent.amount,
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      metadata: intent.metadata,
    }
  }

  /** `POST /v1/checkout/sessions/{id}/expire`: only an open session; checkout.session.expired follows. */
  function expireByApi(id: string): Answer {
    const found = sessions.get(id)
    if (!found) {
      return stripeError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${id}'`,
        'id',
        'resource_missing',
      )
    }
    if (found.status !== 'open') {
      return stripeError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status of \`open\` can be expired. This Checkout Session has a status of \`${found.status}\`.`,
      )
    }
    found.status = 'expired'
    closedByApi.push(emit('checkout.session.expired', publicView(found)))
    return [200, found]
  }

  /** Stripe's rate limit: requests in the last second, this one included. */
  function overRateLimit(at: number): boolean {
    const recent = state.calls.filter((call) => call.at > at - 1000).length
    return recent > maxRequestsPerSecond
  }

  /** What a POST runs, by path; null for a path Stripe does not have. */
  function postAction(path: string, params: Params): (() => Answer) | null {
    if (path === '/v1/checkout/sessions') return () => createSession(params)
    if (path === '/v1/refunds') return () => refund(params)
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)
    if (expirePath) return () => expireByApi(decodeURIComponent(expirePath[1]!))
    const answer = cards.route('POST', path)
    return answer && (() => answer(params))
  }

  async function handleApi(request: IncomingMessage, url: URL): Promise<Answer> {
    const params =
      request.method === 'GET'
        ? parseStripeForm(url.search.slice(1))
        : parseStripeForm(await readBody(request))
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null
    const at = Date.now()
    state.calls.push({ method: request.method!, path: url.pathname, params, idempotencyKey, at })
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****')
    }
    if (overRateLimit(at)) {
      return stripeError(
        429,
        'rate_limit_error',
        'Too many requests hit the API too quickly.',
        undefined,
        'rate_limit',
      )
    }
    const failure = await trouble.take()
    if (failure)
      return stripeError(
        failure,
        failure === 429 ? 'rate_limit_error' : 'api_error',
        'Injected failure',
      )
    if (request.method === 'GET') {
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
      const session = sessionPath && sessions.get(decodeURIComponent(sessionPath[1]!))
      if (session) return [200, session]
      if (sessionPath) {
        return stripeError(
          404,
          'invalid_request_error',
          'No such checkout.session',
          'id',
          'resource_missing',
        )
      }
      const read = cards.route('GET', url.pathname)
      if (read) return read(params)
    }
    const run = request.method === 'POST' ? postAction(url.pathname, params) : null
    if (!run) {
      return stripeError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${request.method}: ${url.pathname}).`,
      )
    }
    if (!idempotencyKey) return run()
    const stored = idempotent.get(idempotencyKey)
    const fingerprint = JSON.stringify(params)
    if (stored && (stored.path !== url.pathname || stored.params !== fingerprint)) {
      return stripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      )
    }
    if (stored) return [stored.status, stored.body]
    const [status, body] = run()
    // Stripe keeps the answer of a request that ran, refusals and declines included, for 24 hours.
    idempotent.set(idempotencyKey, { path: url.pathname, params: fingerprint, status, body })
    return [status, body]
  }

  /** Sends one event to the webhook, signed (or mis-signed, on request). */
  async function deliver(
    event: StripeEvent,
    {
      secret = webhookSecret,
      timestamp = now(),
      signature,
    }: { secret?: string; timestamp?: number; signature?: string | null } = {},
  ): Promise<number> {
    if (!state.webhookUrl) return 0
    const payload = JSON.stringify(event)
    const header = signature === undefined ? stripeSignature(payload, secret, timestamp) : signature
    const status = await postWebhook(
      state.webhookUrl,
      payload,
      header === null ? {} : { 'stripe-signature': header },
    )
    state.deliveries.push({ eventId: event.id, status })
    return status
  }

  function makeEvent(type: string, object: unknown): StripeEvent {
    const event: StripeEvent = {
      id: randomId('evt_'),
      object: 'event',
      type,
      created: now(),
      data: { object: structuredClone(object) },
    }
    state.events.push(event)
    return event
  }
  const emit = (type: string, object: unknown) => deliver(makeEvent(type, object))
  const session = (id: string) => {
    const found = sessions.get(id)
    if (!found) throw new Error(`fake Stripe has no session ${id}`)
    return found
  }
  const publicView = ({ params: _params, ...rest }: FakeSession) => rest

  /**
   * The customer pays with `card` (by default the one `state.checkoutCard` describes): completed
   * and paid (or, `async`, completed and waiting for the bank). A session made with `customer` and
   * `payment_intent_data[setup_future_usage]` saves the card to that customer; one in `setup` mode
   * only saves it, through a SetupIntent.
   */
  async function pay(id: string, { isAsync = false, card = state.checkoutCard } = {}) {
    const paid = session(id)
    const method = cards.addCard(card)
    paid.status = 'complete'
    if (paid.mode === 'setup') {
      cards.attach(method.id, paid.customer)
      paid.setup_intent = cards.recordSetupIntent(paid.customer, method.id).id
      return emit('checkout.session.completed', publicView(paid))
    }
    const intentData = (paid.params.payment_intent_data as Params | undefined) ?? {}
    const savesCard = Boolean(intentData.setup_future_usage && paid.customer)
    if (savesCard) cards.attach(method.id, paid.customer)
    const intent = cards.recordIntent({
      amount: paid.amount_total!,
      currency: paid.currency!,
      customer: paid.customer,
      payment_method: method.id,
      setup_future_usage: savesCard ? String(intentData.setup_future_usage) : null,
      metadata: (intentData.metadata as Record<string, string> | undefined) ?? {},
      status: 'succeeded',
      latest_charge: randomId('ch_'),
    })
    intent.amount_received = intent.amount
    paid.payment_intent = intent.id
    paid.payment_status = isAsync ? 'unpaid' : 'paid'
    return emit('checkout.session.completed', publicView(paid))
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base)
    const page = /^\/pay\/([^/]+)$/.exec(url.pathname)
    if (page && sessions.has(page[1]!)) {
      const id = page[1]!
      if (session(id).status !== 'open') {
        // Stripe's hosted page takes no payment for a session completed or expired.
        response.writeHead(410, { 'content-type': 'text/plain' }).end('This checkout has ended.')
        return
      }
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html' }).end(
          payPage('Stripe test checkout', `/pay/${id}`, {
            lines: lineTexts(session(id)),
            backUrl: session(id).cancel_url,
          }),
        )
        return
      }
      void pay(id).then(() => {
        const target = session(id).success_url.replace('{CHECKOUT_SESSION_ID}', id)
        response.writeHead(303, { location: target }).end()
      })
      return
    }
    handleApi(request, url).then(
      ([status, body]) => {
        if (state.dropNextAnswer) {
          state.dropNextAnswer = false
          response.socket?.destroy()
          return
        }
        sendJson(
          response,
          status,
          status === 200 && 'params' in (body as object) ? publicView(body as FakeSession) : body,
        )
      },
      (error: unknown) =>
        sendJson(response, 500, { error: { type: 'api_error', message: String(error) } }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    secretKey,
    webhookSecret,
    state,
    ...trouble,
    sessions,
    session,
    pay,
    deliver,
    makeEvent,
    /**
     * A Payment Link's session, which Stripe makes itself when someone opens the link: its
     * `client_reference_id` comes from the link's URL (`?client_reference_id=…`), so whoever
     * opens it chooses it; it carries the link's metadata (none here), not ours.
     */
    paymentLinkSession({ amount, currency, clientReferenceId }: LinkSession) {
      const made = buildSession(
        {
          mode: 'payment',
          success_url: 'https://example.com/thanks',
          client_reference_id: clientReferenceId,
          line_items: {
            0: {
              quantity: '1',
              price_data: { currency, unit_amount: String(amount), product_data: { name: 'Link' } },
            },
          },
        },
        base,
      ) as FakeSession
      sessions.set(made.id, made)
      return made.id
    },
    /** The bank confirms or refuses a delayed payment method. */
    async settleAsync(id: string, succeeded: boolean) {
      const paid = session(id)
      paid.payment_status = succeeded ? 'paid' : 'unpaid'
      return emit(
        `checkout.session.async_payment_${succeeded ? 'succeeded' : 'failed'}`,
        publicView(paid),
      )
    },
    async expire(id: string) {
      const expired = session(id)
      expired.status = 'expired'
      return emit('checkout.session.expired', publicView(expired))
    },
    /** What our webhook answered to each session expired through the API, once all arrived. */
    closedByApiDelivered: () => Promise.all(closedByApi),
    /** A refund made in Stripe's dashboard: `charge.refunded` follows. */
    cards,
    async refundInDashboard(id: string, amount: number) {
      const [status] = refund({
        payment_intent: session(id).payment_intent,
        amount: String(amount),
      })
      if (status !== 200) throw new Error('fake Stripe refused the refund')
      return lastRefundDelivery
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
type LinkSession = { amount: number; currency: string; clientReferenceId: string }
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>
