import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeRefusalMessage } from '../../../common/discounts'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { discountRedemptions } from '../../db/schema/discount-redemptions'
import { trialRequests } from '../../db/schema/trial-requests'
import { signedInCustomer } from '../../test/customer-fixtures'
import { insertDiscount } from '../../test/discount-fixtures'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { createClient } from '../../test/http-client'
import { insertPlan, laterStripeEnv, paymentCount } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { settlePayment } from '../payments/settle-payment'
import { systemPaymentContext } from '../payments/payment-context'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const day = 24 * 60 * 60_000
// One moment for the quote and the settle (the end a trial's payment brings runs from it), near
// the real one that the fake Stripe checks a checkout's expiry against.
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000)

// Issue 44, item 3: POST /api/account/quote says what a checkout would charge, and the end it
// would bring, before the customer goes to the provider.
describe.each(postgresOnly)('a renewal quote on the account page (%s)', (kind) => {
  const context = useAdminServer(kind, {
    now: () => now,
    env: laterStripeEnv(() => stripe, { PUBLIC_URL: 'https://shop.example.com' }),
  })
  const db = () => context.server.app.db
  const endOf = async (personId: string) =>
    (await db().select().from(trialRequests).where(eq(trialRequests.id, personId)))[0]!

  /** Pays the checkout as Stripe would confirm it; answers Stripe's session. */
  async function payAndReadEnd(customer: ReturnType<typeof createClient>, body: object) {
    const started = await customer.post('/api/account/checkout', { ...body, provider: 'stripe' })
    expect(started.status).toBe(201)
    const session = [...stripe.sessions.values()].find(
      (each) => each.client_reference_id === started.body.paymentId,
    )!
    await settlePayment(systemPaymentContext(context.server.app), started.body.paymentId, {
      amountMinor: session.amount_total!,
      currency: session.currency!,
      via: 'stripe',
    })
    return session
  }

  it("quotes a trial's plan asked for, and the settle brings the end quoted", async () => {
    const family = await insertPlan(db(), { name: 'Family', price: '29.99' })
    const person = await insertTrialRequest(db(), { plan: 'Family' })
    const customer = await signedInCustomer(context.server, person, now)

    const account = await customer.get('/api/account')
    expect(account.body.subscription.renewPlanId).toBe(family.id)

    const quote = await customer.post('/api/account/quote', { planId: family.id })
    expect(quote.status).toBe(200)
    expect(quote.body).toEqual({
      amount: 2999,
      listAmount: 2999,
      discount: 0,
      currency: 'EUR',
      newEnd: addCalendarMonths(now, 3).toISOString(),
    })
    await payAndReadEnd(customer, { planId: family.id })
    expect((await endOf(person.id)).subscriptionEndDate!.toISOString()).toBe(quote.body.newEnd)
  })

  it('quotes a paying customer moving to another plan with a code, as Stripe then charges it', async () => {
    const starter = await insertPlan(db(), {
      name: 'Starter',
      price: '9.99',
      billingPeriod: 'monthly',
    })
    const end = new Date(now.getTime() + 20 * day)
    const person = await insertTrialRequest(db(), {
      subscriptionStatus: 'active',
      paidPlan: 'Household',
      subscriptionPrice: '39.99',
      subscriptionEndDate: end,
    })
    await insertDiscount(db(), { code: 'SPRING15', percentage: '15.00' })
    const customer = await signedInCustomer(context.server, person, now)

    const payments = await paymentCount(db())
    const quote = await customer.post('/api/account/quote', {
      planId: starter.id,
      discountCode: ' spring15 ',
    })
    expect(quote.body).toEqual({
      amount: 849,
      listAmount: 999,
      discount: 150,
      currency: 'EUR',
      newEnd: addCalendarMonths(end, 1).toISOString(),
    })
    // A quote writes nothing and holds no use of the code.
    expect(await paymentCount(db())).toBe(payments)
    expect(await db().select().from(discountRedemptions)).toHaveLength(0)

    const session = await payAndReadEnd(customer, {
      planId: starter.id,
      discountCode: 'SPRING15',
    })
    expect(session.amount_total).toBe(quote.body.amount)
    // Stripe's page names the discount in the line's description.
    expect(session.params).toMatchObject({
      line_items: {
        '0': {
          price_data: {
            product_data: {
              name: 'Starter, 1 month',
              description: 'Discount code SPRING15: 1.50 EUR off 9.99 EUR',
            },
          },
        },
      },
    })
    expect(await endOf(person.id)).toMatchObject({
      paidPlan: 'Starter',
      subscriptionEndDate: new Date(quote.body.newEnd),
    })
  })

  it('refuses a code with its reason, naming discountCode, and a plan not on sale naming planId', async () => {
    const family = await insertPlan(db(), { name: 'Family', price: '29.99' })
    const retired = await insertPlan(db(), { name: 'Retired', active: false })
    await insertDiscount(db(), { code: 'OLD', validTo: new Date('2026-02-01T00:00:00Z') })
    await insertDiscount(db(), { code: 'STARTERONLY', applicablePlans: ['Starter'] })
    await insertDiscount(db(), { code: 'ALLOFIT', percentage: '100.00' })
    const person = await insertTrialRequest(db(), { plan: 'Family' })
    const customer = await signedInCustomer(context.server, person, now)
    const quote = (body: object) => customer.post('/api/account/quote', body)

    for (const [code, refusal] of [
      ['NOPE', 'not_valid'],
      ['OLD', 'expired'],
      ['STARTERONLY', 'other_plan'],
      ['ALLOFIT', 'nothing_to_pay'],
    ] as const) {
      const refused = await quote({ planId: family.id, discountCode: code })
      expect(refused.status).toBe(400)
      expect(refused.body.issues).toEqual([
        { path: 'discountCode', message: codeRefusalMessage(refusal) },
      ])
    }
    for (const planId of [retired.id, '7d0b6f0e-4f1e-4a52-9d1a-3f5c2b1a0e9d']) {
      const refused = await quote({ planId })
      expect(refused.status).toBe(400)
      expect(refused.body.issues[0].path).toBe('planId')
    }
    const malformed = await quote({ planId: 'family' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.issues[0].path).toBe('planId')

    const stranger = createClient(context.server.baseUrl)
    expect((await stranger.post('/api/account/quote', { planId: family.id })).status).toBe(401)
  })
})
