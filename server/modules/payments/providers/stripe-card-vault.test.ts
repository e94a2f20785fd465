import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { stripeSignature } from '../../../test/fake-provider-http'
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe'
import type { CardVault } from './card-vault'
import type { PaymentProvider } from './payment-provider'
import { createStripeCardVault } from './stripe-card-vault'
import { createStripeProvider } from './stripe-provider'

// The port renewals charge through, against the Stripe fake that Stripe's own library reads.
describe('saved cards at Stripe', () => {
  let fake: FakeStripe
  let vault: CardVault
  let checkouts: PaymentProvider
  const returnTo = { success: '/account?card=saved', cancelled: '/account' }

  beforeAll(async () => {
    fake = await startFakeStripe()
    const settings = {
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
    }
    const options = {
      timeoutMs: 5000,
      publicOrigin: 'https://tv.example.com',
      now: () => new Date(),
    }
    vault = createStripeCardVault(settings, options)
    checkouts = createStripeProvider(settings, options)
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.state.checkoutCard = {}
  })

  /** An event the fake sent, as our webhook reads it. */
  function parsed(type: string) {
    const event = fake.state.events.findLast((sent) => sent.type === type)!
    const payload = JSON.stringify(event)
    const signature = stripeSignature(payload, fake.webhookSecret, Math.floor(Date.now() / 1000))
    return checkouts.parseWebhook(Buffer.from(payload), { 'stripe-signature': signature })
  }

  const person = (personId: string) => ({ personId, email: 'ana@example.com', name: 'Ana Lima' })

  /** A Customer whose card a paid checkout saved, as the first payment with renewal on does. */
  async function savedByCheckout(personId: string, card = {}) {
    const customerId = await vault.createCustomer(person(personId))
    const paymentId = crypto.randomUUID()
    const checkout = await checkouts.createCheckout({
      paymentId,
      amountMinor: 1999,
      currency: 'EUR',
      description: 'Family · 1 month',
      customerEmail: 'ana@example.com',
      saveCardFor: { customerId },
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    await fake.pay(checkout.providerCheckoutId, { card })
    const state = await checkouts.readCheckout(checkout.providerCheckoutId)
    const saved = await vault.cardOfPayment(state.providerPaymentId!)
    return { customerId, card: saved! }
  }

  const charge = (customerId: string, paymentMethodId: string, paymentId: string, attempt = 1) =>
    vault.chargeSavedCard({
      customerId,
      paymentMethodId,
      amountMinor: 1999,
      currency: 'EUR',
      description: 'Family · renewal',
      paymentId,
      attempt,
    })

  it('makes one Customer per person, however often it is asked', async () => {
    const personId = crypto.randomUUID()
    const [first, second] = await Promise.all([
      vault.createCustomer(person(personId)),
      vault.createCustomer(person(personId)),
    ])
    expect(first).toBe(second)
    expect(await vault.createCustomer(person(crypto.randomUUID()))).not.toBe(first)
  })

  it('reads the card a checkout saved: brand, last 4 and expiry, never the number', async () => {
    const { customerId, card } = await savedByCheckout(crypto.randomUUID(), {
      brand: 'mastercard',
      last4: '4444',
      expMonth: 7,
      expYear: 2031,
    })
    expect(card).toEqual({
      paymentMethodId: expect.stringMatching(/^pm_/),
      brand: 'mastercard',
      last4: '4444',
      expMonth: 7,
      expYear: 2031,
    })
    expect(fake.cards.paymentMethods.get(card.paymentMethodId)!.customer).toBe(customerId)
  })

  it('charges the saved card once per attempt, and again only for the next attempt', async () => {
    const { customerId, card } = await savedByCheckout(crypto.randomUUID())
    const paymentId = crypto.randomUUID()
    const first = await charge(customerId, card.paymentMethodId, paymentId)
    const repeated = await charge(customerId, card.paymentMethodId, paymentId)
    expect(first).toEqual({
      outcome: 'succeeded',
      providerPaymentId: expect.stringMatching(/^pi_/),
    })
    expect(repeated).toEqual(first)
    const next = await charge(customerId, card.paymentMethodId, paymentId, 2)
    expect(next.outcome).toBe('succeeded')
    expect(next).not.toEqual(first)
    const charged = [...fake.cards.paymentIntents.values()].filter(
      (intent) => intent.metadata.paymentId === paymentId,
    )
    expect(charged.map((intent) => intent.metadata.attempt).sort()).toEqual(['1', '2'])
  })

  it.each([
    ['insufficient_funds', { declineCode: 'insufficient_funds' }],
    ['lost_card', { declineCode: 'lost_card' }],
    ['expired_card', { declineCode: 'expired_card' }],
    ['authentication_required', 'authentication_required' as const],
  ])('answers a decline with its code: %s', async (code, behaviour) => {
    const { customerId, card } = await savedByCheckout(crypto.randomUUID())
    fake.cards.setBehaviour(card.paymentMethodId, behaviour)
    const declined = await charge(customerId, card.paymentMethodId, crypto.randomUUID())
    expect(declined).toEqual({
      outcome: 'declined',
      code,
      message: expect.any(String),
      providerPaymentId: expect.stringMatching(/^pi_/),
    })
  })

  it('saves a new card on a setup page, charging nothing', async () => {
    const { customerId } = await savedByCheckout(crypto.randomUUID())
    const personId = crypto.randomUUID()
    const setup = await vault.createCardSetup({ customerId, personId, currency: 'EUR', returnTo })
    expect(setup.checkoutUrl).toMatch(/^http/)
    expect(await vault.cardOfSetup(setup.providerCheckoutId)).toBeNull()
    await fake.pay(setup.providerCheckoutId, { card: { last4: '1881', brand: 'visa' } })
    const card = await vault.cardOfSetup(setup.providerCheckoutId)
    expect(card).toMatchObject({ brand: 'visa', last4: '1881', customerId })
    expect(fake.cards.paymentMethods.get(card!.paymentMethodId)!.customer).toBe(customerId)
  })

  it('reads the events of off-session charges and of cards, in our words', async () => {
    const { customerId, card } = await savedByCheckout(crypto.randomUUID())
    fake.cards.setBehaviour(card.paymentMethodId, { declineCode: 'insufficient_funds' })
    const paymentId = crypto.randomUUID()
    await charge(customerId, card.paymentMethodId, paymentId, 3)
    expect(await parsed('payment_intent.payment_failed')).toMatchObject({
      kind: 'declined',
      paymentId,
      attempt: 3,
      decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    })
    await fake.cards.updateAutomatically(card.paymentMethodId, { last4: '0005', expYear: 2033 })
    expect(await parsed('payment_method.automatically_updated')).toMatchObject({
      kind: 'card_updated',
      card: { paymentMethodId: card.paymentMethodId, last4: '0005', expYear: 2033 },
    })
  })
})
