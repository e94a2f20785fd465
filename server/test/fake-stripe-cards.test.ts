import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeStripe, type FakeStripe } from './fake-stripe'

// The fake is read by Stripe's own library, as the product reads Stripe: what it answers must be
// what that library understands, declines and retries included.
describe('the Stripe fake: customers, saved cards and off-session charges', () => {
  let fake: FakeStripe
  let stripe: Stripe

  beforeAll(async () => {
    fake = await startFakeStripe()
    const base = new URL(fake.url)
    stripe = new Stripe(fake.secretKey, {
      host: base.hostname,
      port: base.port,
      protocol: 'http',
      maxNetworkRetries: 1,
      telemetry: false,
    })
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.state.checkoutCard = {}
  })

  /** A customer whose card was saved by paying a first Checkout Session. */
  async function customerWithSavedCard(card = {}) {
    const customer = await stripe.customers.create({ email: 'ana@example.com' })
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      success_url: 'https://example.com/thanks',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: 1999, product_data: { name: 'Family' } },
        },
      ],
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { paymentId: 'p1' } },
    })
    await fake.pay(session.id, { card })
    const paid = await stripe.checkout.sessions.retrieve(session.id)
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string, {
      expand: ['payment_method'],
    })
    return { customer, intent, method: intent.payment_method as Stripe.PaymentMethod }
  }

  const offSession = (customer: string, paymentMethod: string, key?: string) =>
    stripe.paymentIntents.create(
      {
        amount: 1999,
        currency: 'eur',
        customer,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        metadata: { paymentId: 'p2' },
      },
      key ? { idempotencyKey: key } : undefined,
    )

  it('makes a customer once per idempotency key', async () => {
    const first = await stripe.customers.create(
      { email: 'a@example.com' },
      { idempotencyKey: 'person-1' },
    )
    const again = await stripe.customers.create(
      { email: 'a@example.com' },
      { idempotencyKey: 'person-1' },
    )
    expect(again.id).toBe(first.id)
    expect(fake.cards.customers.size).toBeGreaterThanOrEqual(1)
  })

  it('saves the card a customer pays with, readable from the PaymentIntent', async () => {
    const { customer, intent, method } = await customerWithSavedCard({
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
    })
    expect(intent).toMatchObject({
      status: 'succeeded',
      customer: customer.id,
      metadata: { paymentId: 'p1' },
    })
    expect(method.card).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 3,
      exp_year: 2031,
    })
    expect(method.customer).toBe(customer.id)
  })

  it('charges a saved card off session, and says so by webhook event', async () => {
    const { customer, method } = await customerWithSavedCard()
    const charged = await offSession(customer.id, method.id)
    expect(charged).toMatchObject({ status: 'succeeded', amount_received: 1999 })
    expect(fake.state.events.at(-1)).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: charged.id, metadata: { paymentId: 'p2' } } },
    })
  })

  it('declines with the code Stripe gives, the PaymentIntent waiting for another card', async () => {
    const { customer, method } = await customerWithSavedCard()
    fake.cards.setBehaviour(method.id, { declineCode: 'insufficient_funds' })
    const error = await offSession(customer.id, method.id).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
    const cardError = error as Stripe.errors.StripeCardError
    expect(cardError).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    })
    expect(cardError.payment_intent?.status).toBe('requires_payment_method')
    expect(fake.state.events.at(-1)?.type).toBe('payment_intent.payment_failed')
  })

  it('fails an expired card and one that needs authentication with their own codes', async () => {
    const expired = await customerWithSavedCard()
    fake.cards.updateAutomatically(expired.method.id, { expMonth: 1, expYear: 2020 })
    await expect(offSession(expired.customer.id, expired.method.id)).rejects.toMatchObject({
      code: 'expired_card',
    })
    const strong = await customerWithSavedCard({ behaviour: 'authentication_required' })
    await expect(offSession(strong.customer.id, strong.method.id)).rejects.toMatchObject({
      code: 'authentication_required',
    })
  })

  it('answers a repeated attempt with its first result: charged once, declined once', async () => {
    const { customer, method } = await customerWithSavedCard()
    const before = fake.cards.paymentIntents.size
    const first = await offSession(customer.id, method.id, 'payment-9-attempt-1')
    const again = await offSession(customer.id, method.id, 'payment-9-attempt-1')
    expect(again.id).toBe(first.id)
    fake.cards.setBehaviour(method.id, { declineCode: 'generic_decline' })
    const declined = await offSession(customer.id, method.id, 'payment-9-attempt-2').catch(
      (e: unknown) => e,
    )
    const declinedAgain = await offSession(customer.id, method.id, 'payment-9-attempt-2').catch(
      (e: unknown) => e,
    )
    expect((declinedAgain as Stripe.errors.StripeCardError).payment_intent?.id).toBe(
      (declined as Stripe.errors.StripeCardError).payment_intent?.id,
    )
    expect(fake.cards.paymentIntents.size).toBe(before + 2)
  })

  it('charges once when the answer is lost and the library retries with the same key', async () => {
    const { customer, method } = await customerWithSavedCard()
    const before = fake.cards.paymentIntents.size
    fake.state.dropNextAnswer = true
    const charged = await offSession(customer.id, method.id, 'payment-10-attempt-1')
    expect(charged.status).toBe('succeeded')
    expect(fake.cards.paymentIntents.size).toBe(before + 1)
  })

  it('saves a card in setup mode without charging, through a SetupIntent', async () => {
    const customer = await stripe.customers.create({ email: 'b@example.com' })
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'eur',
      success_url: 'https://example.com/card-saved',
    })
    expect(session.amount_total).toBeNull()
    await fake.pay(session.id, { card: { last4: '1881' } })
    const completed = await stripe.checkout.sessions.retrieve(session.id)
    const setup = await stripe.setupIntents.retrieve(completed.setup_intent as string, {
      expand: ['payment_method'],
    })
    expect(setup.status).toBe('succeeded')
    expect((setup.payment_method as Stripe.PaymentMethod).card?.last4).toBe('1881')
    expect((setup.payment_method as Stripe.PaymentMethod).customer).toBe(customer.id)
  })

  it('refuses a card of another customer, and refunds an off-session charge', async () => {
    const { method } = await customerWithSavedCard()
    const other = await stripe.customers.create({ email: 'c@example.com' })
    await expect(offSession(other.id, method.id)).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_method',
    })
    const own = await customerWithSavedCard()
    const charged = await offSession(own.customer.id, own.method.id)
    const refund = await stripe.refunds.create({ payment_intent: charged.id, amount: 500 })
    expect(refund).toMatchObject({ amount: 500, status: 'succeeded' })
  })

  it('tells of a detached card and of one the networks updated', async () => {
    const { method } = await customerWithSavedCard()
    await fake.cards.updateAutomatically(method.id, { last4: '0005', expYear: 2032 })
    expect(fake.state.events.at(-1)).toMatchObject({
      type: 'payment_method.automatically_updated',
      data: { object: { id: method.id, card: { last4: '0005', exp_year: 2032 } } },
    })
    await fake.cards.detachInDashboard(method.id)
    expect(fake.state.events.at(-1)).toMatchObject({
      type: 'payment_method.detached',
      data: { object: { id: method.id, customer: null } },
    })
  })
})

describe("the Stripe fake's rate limit", () => {
  it('answers 429 past the requests a second it was given', async () => {
    const fake = await startFakeStripe({ maxRequestsPerSecond: 3 })
    const stripe = new Stripe(fake.secretKey, {
      host: '127.0.0.1',
      port: new URL(fake.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    })
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () => stripe.customers.create({})),
    )
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(3)
    expect(answers.find((answer) => answer.status === 'rejected')).toMatchObject({
      reason: { statusCode: 429, type: 'StripeRateLimitError' },
    })
    await fake.close()
  })
})
