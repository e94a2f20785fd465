import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentRefunds } from '../../db/schema/payment-refunds'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { useMailServer } from '../../test/mail-server'
import { insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly } from '../../test/test-server'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

describe.each(postgresOnly)('refunds with Stripe on %s', (kind) => {
  const t = useMailServer(kind, () => paymentEnv({ stripe }))
  const db = () => t.server.app.db
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })

  /** A customer who paid 29.99 EUR on Stripe's page: our payment and Stripe's session. */
  async function paidCheckout() {
    const plan = await insertPlan(db())
    const person = await t.newPerson()
    // No card saved: the failures injected here are the refunds' own calls.
    const answer = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider: 'stripe',
      autoRenew: false,
    })
    expect(answer.status).toBe(201)
    const paymentId: string = answer.body.paymentId
    const sessionId = (await paymentRow(db(), paymentId))!.providerCheckoutId!
    expect(await stripe.pay(sessionId)).toBe(200)
    expect((await paymentRow(db(), paymentId))!.status).toBe('paid')
    return { paymentId, sessionId, paymentIntent: stripe.session(sessionId).payment_intent! }
  }
  const refund = (paymentId: string, body: object) =>
    t.admin.post(`/api/payments/${paymentId}/refund`, body)
  /** What Stripe refunded of this payment intent, by its own charge.refunded events. */
  const stripeRefunds = (paymentIntent: string) =>
    stripe.state.events.filter(
      (event) =>
        event.type === 'charge.refunded' &&
        (event.data.object as { payment_intent?: string }).payment_intent === paymentIntent,
    )
  const refundsOf = (paymentId: string) =>
    db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))

  it('refunds in full once, however often the request and charge.refunded arrive', async () => {
    const { paymentId, paymentIntent } = await paidCheckout()
    const body = { reason: 'Customer cancelled', requestId: randomUUID() }
    const answer = await refund(paymentId, body)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      status: 'refunded',
      refundedAmount: '29.99',
      refundedAt: expect.any(String),
    })
    const calls = stripe.state.calls.filter((call) => call.path === '/v1/refunds')
    expect(calls.at(-1)).toMatchObject({
      params: { payment_intent: paymentIntent, amount: '2999' },
      idempotencyKey: `refund-${body.requestId}`,
    })
    // Stripe's charge.refunded came while we were asking: it found the refund being recorded.
    expect(stripe.state.deliveries.at(-1)!.status).toBe(200)

    expect((await refund(paymentId, body)).body).toMatchObject({ status: 'refunded' })
    const event = stripeRefunds(paymentIntent).at(-1)!
    expect(await stripe.deliver(event)).toBe(200)
    expect(await stripe.deliver({ ...event, id: `${event.id}_again` })).toBe(200)

    expect(stripeRefunds(paymentIntent)).toHaveLength(1)
    expect(await refundsOf(paymentId)).toEqual([
      expect.objectContaining({
        id: body.requestId,
        amountMinor: 2999,
        reason: 'Customer cancelled',
        providerRefundId: expect.stringMatching(/^re_/),
        createdBy: 'owner',
        refundedAt: t.now,
      }),
    ])
    expect(await paymentRow(db(), paymentId)).toMatchObject({ refundedMinor: 2999 })
    const again = await refund(paymentId, { reason: 'Twice' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(
      'Only a paid payment can be refunded; this one is refunded in full already',
    )
  })

  it('refunds in parts, refuses more than is left, and records a refund made in the dashboard', async () => {
    const { paymentId, sessionId, paymentIntent } = await paidCheckout()
    const part = await refund(paymentId, { amount: '10.00', reason: 'One month unused' })
    expect(part.body).toMatchObject({ status: 'partially_refunded', refundedAmount: '10.00' })

    const over = await refund(paymentId, { amount: '20.00', reason: 'Too much' })
    expect(over.status).toBe(400)
    expect(over.body.issues).toEqual([
      { path: 'amount', message: 'amount must be at most 19.99, what is left of this payment' },
    ])

    expect(await stripe.refundInDashboard(sessionId, 500)).toBe(200)
    expect(await paymentRow(db(), paymentId)).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 1500,
    })
    const rest = await refund(paymentId, { reason: 'The rest' })
    expect(rest.body).toMatchObject({ status: 'refunded', refundedAmount: '29.99' })
    expect(stripeRefunds(paymentIntent)).toHaveLength(3)
    const rows = await refundsOf(paymentId)
    expect(rows.map((row) => [row.amountMinor, row.createdBy]).sort()).toEqual([
      [1000, 'owner'],
      [1499, 'owner'],
      [500, null],
    ])
  })

  it('keeps a refund whose answer never came, and completes it once when retried', async () => {
    const { paymentId, paymentIntent } = await paidCheckout()
    const body = { amount: '5.00', reason: 'Retried', requestId: randomUUID() }
    // Stripe fails the call and the library's own retry: nothing was refunded yet.
    stripe.failNext(2, 500)
    expect((await refund(paymentId, body)).status).toBe(502)
    // What it asked for stays held: the rest is 24.99.
    const whole = await refund(paymentId, { amount: '29.99', reason: 'All' })
    expect(whole.status).toBe(400)

    const retried = await refund(paymentId, body)
    expect(retried.body).toMatchObject({ status: 'partially_refunded', refundedAmount: '5.00' })
    expect(stripeRefunds(paymentIntent)).toHaveLength(1)
    expect(await refundsOf(paymentId)).toHaveLength(1)
  })

  it('forgets a refund Stripe refused, so the amount is free again', async () => {
    const { paymentId, sessionId } = await paidCheckout()
    // Refunded in the dashboard before our webhook heard of it: Stripe refuses ours.
    stripe.state.webhookUrl = null
    await stripe.refundInDashboard(sessionId, 2999)
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
    const refused = await refund(paymentId, { reason: 'Too late' })
    expect(refused.status).toBe(502)
    expect(refused.body.message).toContain('Stripe refused the request')
    expect(await refundsOf(paymentId)).toEqual([])
    expect((await paymentRow(db(), paymentId))!.status).toBe('paid')
  })
})
