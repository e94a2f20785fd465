import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { insertPlan, laterStripeEnv, paymentCount, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

describe.each(postgresOnly)('checkout with Stripe (%s)', (kind) => {
  const context = useAdminServer(kind, {
    env: laterStripeEnv(() => stripe, { PUBLIC_URL: 'https://shop.example.com' }),
  })
  const setUp = async (fields: Parameters<typeof insertPlan>[1] = {}) => {
    const { db } = context.server.app
    const plan = await insertPlan(db, fields)
    const person = await insertTrialRequest(db)
    return { plan, person, path: `/api/trial-requests/${person.id}/checkout` }
  }

  it('records one pending payment, then opens a Checkout Session for it, keyed by its id', async () => {
    const { plan, person, path } = await setUp()
    // Without automatic renewal: the Customer a card is saved on is renewals.test.ts's.
    const before = Date.now()
    const answer = await context.admin.post(path, {
      planId: plan.id,
      provider: 'stripe',
      autoRenew: false,
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      paymentId: expect.any(String),
      checkoutUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/),
      amount: '29.99',
      currency: 'EUR',
    })
    const { paymentId } = answer.body
    const call = stripe.state.calls.findLast((c) => c.path === '/v1/checkout/sessions')!
    expect(call.idempotencyKey).toBe(paymentId)
    expect(call.params).toMatchObject({
      mode: 'payment',
      line_items: {
        '0': {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '2999',
            product_data: { name: 'Family, 3 months' },
          },
        },
      },
      client_reference_id: paymentId,
      metadata: { paymentId },
      customer_email: person.email,
      success_url: 'https://shop.example.com/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example.com/payment/cancelled',
    })
    const expiresAt = Number(call.params.expires_at) * 1000
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3_599_000)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_601_000)

    const row = await paymentRow(context.server.app.db, paymentId)
    expect(row).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      trialRequestId: person.id,
      months: 3,
      amountMinor: 2999,
      listAmountMinor: 2999,
      currency: 'EUR',
      createdBy: 'owner',
      checkoutUrl: answer.body.checkoutUrl,
    })
    expect(row!.providerCheckoutId).toMatch(/^cs_test_/)
  })

  it('prices the months asked for from the plan, never from the body', async () => {
    const { plan, path } = await setUp({ price: '29.99', billingPeriod: 'quarterly' })
    const answer = await context.admin.post(path, {
      planId: plan.id,
      months: 1,
      provider: 'stripe',
      amount: '0.01',
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ amount: '10.00', currency: 'EUR' })
  })

  it('hands a retried checkout the same payment and session', async () => {
    const { plan, path } = await setUp()
    const sessionsBefore = stripe.sessions.size
    const first = await context.admin.post(path, { planId: plan.id, provider: 'stripe' })
    const second = await context.admin.post(path, { planId: plan.id, provider: 'stripe' })
    expect(second.status).toBe(201)
    expect(second.body).toEqual(first.body)
    expect(stripe.sessions.size).toBe(sessionsBefore + 1)
  })

  it('answers 502 while Stripe fails, keeps the payment pending, and a retry finishes it', async () => {
    const { plan, path } = await setUp()
    const paymentsBefore = await paymentCount(context.server.app.db)
    stripe.failNext(2, 500)
    const failed = await context.admin.post(path, {
      planId: plan.id,
      provider: 'stripe',
      autoRenew: false,
    })
    expect(failed.status).toBe(502)
    expect(failed.body.message).toMatch(/Stripe is not answering properly.*pending/)
    expect(await paymentCount(context.server.app.db)).toBe(paymentsBefore + 1)

    stripe.failNext(1, 429)
    expect(
      (await context.admin.post(path, { planId: plan.id, provider: 'stripe', autoRenew: false }))
        .status,
    ).toBe(502)

    const retried = await context.admin.post(path, {
      planId: plan.id,
      provider: 'stripe',
      autoRenew: false,
    })
    expect(retried.status).toBe(201)
    expect(await paymentCount(context.server.app.db)).toBe(paymentsBefore + 1)
    const row = await paymentRow(context.server.app.db, retried.body.paymentId)
    expect(row).toMatchObject({ status: 'pending', checkoutUrl: retried.body.checkoutUrl })
  })

  it('answers 504 when Stripe is too slow; the retry gets the session Stripe made meanwhile', async () => {
    const { plan, path } = await setUp()
    const sessionsBefore = stripe.sessions.size
    stripe.delay(2_000)
    try {
      const slow = await context.admin.post(path, {
        planId: plan.id,
        provider: 'stripe',
        autoRenew: false,
      })
      expect(slow.status).toBe(504)
      expect(slow.body.message).toMatch(/Stripe did not answer in time/)
      // The slow request still ran at Stripe (and so did the library's retry of it, held just
      // as long): its session exists, under our payment id's key.
      await stripe.idle()
      expect(stripe.sessions.size).toBe(sessionsBefore + 1)
    } finally {
      stripe.delay(0)
    }
    const retried = await context.admin.post(path, {
      planId: plan.id,
      provider: 'stripe',
      autoRenew: false,
    })
    expect(retried.status).toBe(201)
    expect(stripe.sessions.size).toBe(sessionsBefore + 1)
  })

  it('makes a pay link for another plan than the subscription’s: paying moves it there', async () => {
    const { db } = context.server.app
    const plan = await insertPlan(db, { name: 'Starter', price: '9.99', billingPeriod: 'monthly' })
    const person = await insertTrialRequest(db, {
      subscriptionStatus: 'active',
      paidPlan: 'Household',
      subscriptionPrice: '39.99',
    })
    const made = await context.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider: 'stripe',
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ amount: '9.99', currency: 'EUR' })
    expect(await paymentRow(db, made.body.paymentId)).toMatchObject({
      planName: 'Starter',
      months: 1,
      status: 'pending',
    })
  })

  it('says which provider is off, and refuses inactive plans and unknown discount codes by field', async () => {
    const { plan, path } = await setUp()
    expect((await context.admin.get('/api/payments/providers')).body).toEqual({
      stripe: true,
      btcpay: false,
    })
    const off = await context.admin.post(path, { planId: plan.id, provider: 'btcpay' })
    expect(off.status).toBe(409)
    expect(off.body.message).toMatch(/BTCPay Server checkout is not configured/)

    const inactive = await setUp({ active: false })
    const refused = await context.admin.post(inactive.path, {
      planId: inactive.plan.id,
      provider: 'stripe',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.issues).toEqual([{ path: 'planId', message: expect.any(String) }])

    const coded = await context.admin.post(path, {
      planId: plan.id,
      provider: 'stripe',
      discountCode: 'SPRING',
    })
    expect(coded.status).toBe(400)
    expect(coded.body.issues).toEqual([
      { path: 'discountCode', message: 'discountCode: this code is not valid' },
    ])
    expect(
      (
        await context.admin.post(
          '/api/trial-requests/00000000-0000-4000-8000-000000000000/checkout',
          { planId: plan.id, provider: 'stripe' },
        )
      ).status,
    ).toBe(404)
  })
})
