import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../../db/schema/audit-log'
import { payments } from '../../../db/schema/payments'
import { stripeCustomers } from '../../../db/schema/stripe-customers'
import { signedInCustomer } from '../../../test/customer-fixtures'
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe'
import { laterStripeEnv } from '../../../test/payment-fixtures'
import { insertOpenRenewal, insertRenewingPerson } from '../../../test/renewal-fixtures'
import { postgresOnly, useAdminServer } from '../../../test/test-server'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const sessionIdOf = (checkoutUrl: string) => /\/pay\/([^/?]+)/.exec(checkoutUrl)![1]!

// The customer saves a new card on Stripe's setup page; Stripe's own news of a saved card (the
// card networks' updater, a removal) reaches the person's renewal.
describe.each(postgresOnly)('the renewal card, on %s', (kind) => {
  const t = useAdminServer(kind, {
    env: laterStripeEnv(() => stripe),
  })
  const db = () => t.server.app.db
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })

  const customerRow = async (personId: string) =>
    (
      await db().select().from(stripeCustomers).where(eq(stripeCustomers.trialRequestId, personId))
    )[0]
  const staffRenewal = async (personId: string) =>
    (await t.admin.get(`/api/people/${personId}`)).body.renewal
  const cardTrail = async (personId: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.entityId, personId)))
      .map((entry) => `${entry.actorUsername} ${entry.action}`)
      .filter((entry) => entry.includes('card'))

  /** A customer on renewal who saves `card` on Stripe's setup page. */
  async function savedCard(card = { last4: '1881', expMonth: 7, expYear: 2033 }) {
    const { person, plan, end } = await insertRenewingPerson(db())
    const customer = await signedInCustomer(t.server, person)
    const page = await customer.post('/api/account/payment-method')
    expect(page.status).toBe(201)
    const sessionId = sessionIdOf(page.body.checkoutUrl)
    expect(stripe.session(sessionId)).toMatchObject({ mode: 'setup', currency: 'eur' })
    expect(await stripe.pay(sessionId, { card })).toBe(200)
    return { person, plan, end, customer, sessionId }
  }

  it('makes the Customer once, and saves the card the setup page took as the renewal card', async () => {
    const customersBefore = stripe.cards.customers.size
    const { person, customer, sessionId } = await savedCard()
    const row = await customerRow(person.id)
    expect(stripe.cards.customers.get(row!.customerId)!.metadata).toEqual({ personId: person.id })
    const account = await customer.get('/api/account')
    expect(account.body.renewal.paymentMethod).toEqual({
      brand: 'visa',
      last4: '1881',
      expMonth: 7,
      expYear: 2033,
    })
    // Back on /account with the page's id: already saved, nothing changes again.
    const back = await customer.post('/api/account/payment-method/return', { sessionId })
    expect(back.status).toBe(200)
    expect(back.body.renewal.paymentMethod).toMatchObject({ last4: '1881' })
    expect(await cardTrail(person.id)).toEqual(['customer trial_request.card_saved'])

    // A second page goes to the same Customer.
    const again = await customer.post('/api/account/payment-method')
    expect(again.status).toBe(201)
    expect(stripe.session(sessionIdOf(again.body.checkoutUrl)).customer).toBe(row!.customerId)
    expect(stripe.cards.customers.size).toBe(customersBefore + 1)
  })

  it('saves the card when the customer comes back before the webhook, and retries a declined renewal at once', async () => {
    const renewing = await insertRenewingPerson(db(), {
      renewal: { autoRenew: true, status: 'retrying' },
    })
    const { person } = renewing
    const open = await insertOpenRenewal(db(), renewing, new Date(Date.now() + 3 * 86_400_000))
    const customer = await signedInCustomer(t.server, person)
    const page = await customer.post('/api/account/payment-method')
    const sessionId = sessionIdOf(page.body.checkoutUrl)
    const webhookUrl = stripe.state.webhookUrl
    stripe.state.webhookUrl = null
    try {
      await stripe.pay(sessionId, { card: { last4: '0077' } })
    } finally {
      stripe.state.webhookUrl = webhookUrl
    }
    const before = Date.now()
    const back = await customer.post('/api/account/payment-method/return', { sessionId })
    expect(back.body.renewal.paymentMethod).toMatchObject({ last4: '0077' })
    const [retried] = await db().select().from(payments).where(eq(payments.id, open.id))
    expect(retried!.retryAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(retried!.retryAt!.getTime()).toBeLessThanOrEqual(Date.now())
  })

  it('never saves another person’s setup page on a customer', async () => {
    const { sessionId } = await savedCard()
    const { person: other } = await insertRenewingPerson(db())
    const otherCustomer = await signedInCustomer(t.server, other)
    await otherCustomer.post('/api/account/payment-method')
    const answer = await otherCustomer.post('/api/account/payment-method/return', { sessionId })
    expect(answer.status).toBe(200)
    expect(answer.body.renewal.paymentMethod).toBeNull()
    expect(await cardTrail(other.id)).toEqual([])
  })

  it('follows the card networks’ update, and says so when Stripe removes the card', async () => {
    const { person, customer } = await savedCard()
    const { paymentMethodId } = (await customerRow(person.id))!
    expect(
      await stripe.cards.updateAutomatically(paymentMethodId!, { last4: '0005', expYear: 2034 }),
    ).toBe(200)
    expect((await customer.get('/api/account')).body.renewal.paymentMethod).toEqual({
      brand: 'visa',
      last4: '0005',
      expMonth: 7,
      expYear: 2034,
    })

    expect(await stripe.cards.detachInDashboard(paymentMethodId!)).toBe(200)
    const renewal = await staffRenewal(person.id)
    expect(renewal).toMatchObject({
      autoRenew: true,
      status: 'active',
      paymentMethod: null,
      cardRemovedAt: expect.any(String),
    })
    expect(await customerRow(person.id)).toMatchObject({ paymentMethodId: null })
    expect(await cardTrail(person.id)).toEqual([
      'customer trial_request.card_saved',
      'system trial_request.card_removed',
    ])
    // The customer sees it on, with no card to charge: their page asks for one.
    expect((await customer.get('/api/account')).body.renewal).toMatchObject({
      autoRenew: true,
      paymentMethod: null,
    })
  })

  it('refuses a session id that is no id of Stripe’s, naming the field', async () => {
    const { person } = await insertRenewingPerson(db())
    const customer = await signedInCustomer(t.server, person)
    const answer = await customer.post('/api/account/payment-method/return', { sessionId: 'a b' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain('sessionId')
  })
})
