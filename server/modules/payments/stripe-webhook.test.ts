import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { handledEvents, insertPlan, laterStripeEnv, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

describe.each(postgresOnly)('Stripe webhooks (%s)', (kind) => {
  const context = useAdminServer(kind, {
    env: laterStripeEnv(() => stripe),
  })
  beforeAll(() => {
    stripe.state.webhookUrl = `${context.server.baseUrl}/api/payments/stripe/webhook`
  })

  /** What `read` answers once it is not null (within 10 s): work done after an answer. */
  async function until<T>(read: () => Promise<T | null>): Promise<T> {
    const deadline = Date.now() + 10_000
    for (;;) {
      const value = await read()
      if (value !== null) return value
      if (Date.now() > deadline) throw new Error('The condition never held')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  /** A customer's pending Stripe checkout: our payment and Stripe's session. */
  async function checkout() {
    const { db } = context.server.app
    const plan = await insertPlan(db)
    const person = await insertTrialRequest(db)
    const answer = await context.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider: 'stripe',
    })
    expect(answer.status).toBe(201)
    const paymentId: string = answer.body.paymentId
    const row = await paymentRow(db, paymentId)
    return { paymentId, sessionId: row!.providerCheckoutId!, checkoutUrl: answer.body.checkoutUrl }
  }
  const status = async (paymentId: string) =>
    (await paymentRow(context.server.app.db, paymentId))!.status

  it('settles when the customer pays on the hosted page, and lands them on an honest page', async () => {
    const { paymentId, checkoutUrl } = await checkout()
    const page = await fetch(checkoutUrl)
    expect(await page.text()).toContain('>Pay</button>')
    const paid = await fetch(checkoutUrl, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(stripe.state.deliveries.at(-1)!.status).toBe(200)
    const row = await paymentRow(context.server.app.db, paymentId)
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: expect.stringMatching(/^pi_/) })

    const landing = await fetch(
      paid.headers.get('location')!.replace(/^https?:\/\/[^/]+/, context.server.baseUrl),
    )
    expect(landing.status).toBe(200)
    expect(await landing.text()).toContain('Your subscription is extended within a minute')
    const cancelled = await fetch(`${context.server.baseUrl}/payment/cancelled`)
    expect(await cancelled.text()).toContain('Nothing was charged')
  })

  it('refuses a missing, wrong or stale signature with 400 and changes nothing', async () => {
    const { paymentId, sessionId } = await checkout()
    const event = stripe.makeEvent('checkout.session.completed', {
      ...stripe.session(sessionId),
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_forged',
    })
    expect(await stripe.deliver(event, { signature: null })).toBe(400)
    expect(await stripe.deliver(event, { secret: 'whsec_someoneElse' })).toBe(400)
    const stale = Math.floor(Date.now() / 1000) - 301
    expect(await stripe.deliver(event, { timestamp: stale })).toBe(400)
    expect(await stripe.deliver(event, { signature: 't=1,v0=abc' })).toBe(400)
    expect(await status(paymentId)).toBe('pending')
    expect(await handledEvents(context.server.app.db, event.id)).toBe(0)
  })

  it('refuses a signature dated more than 300 s ahead, and a signed event without data', async () => {
    const { paymentId, sessionId } = await checkout()
    const event = stripe.makeEvent('checkout.session.completed', {
      ...stripe.session(sessionId),
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_ahead',
    })
    const ahead = Math.floor(Date.now() / 1000) + 301
    expect(await stripe.deliver(event, { timestamp: ahead })).toBe(400)
    expect(await status(paymentId)).toBe('pending')
    const empty = { id: 'evt_noData', object: 'event', type: 'checkout.session.completed' }
    expect(await stripe.deliver(empty as never)).toBe(400)
    expect(await handledEvents(context.server.app.db, 'evt_noData')).toBe(0)
  })

  /** The admins' bell: notifications of payments to review that mention `text`. */
  const reviewNotices = async (text: string) =>
    ((await context.admin.get('/api/notifications/admin/')).body as any[]).filter(
      (notice) => notice.type === 'payment_needs_review' && notice.body.includes(text),
    )

  /** Payments recorded for a checkout other than ours. */
  const heldFor = async (sessionId: string) =>
    (await context.admin.get(`/api/payments?status=needs_review`)).body.filter(
      (payment: any) => payment.providerCheckoutId === sessionId,
    )

  it('never settles our payment from a session we did not make; the money it took waits for review', async () => {
    const { paymentId, sessionId } = await checkout()
    // A payment link's session, its client_reference_id set by the customer to our payment's id.
    const foreign = stripe.paymentLinkSession({
      amount: 100,
      currency: 'eur',
      clientReferenceId: paymentId,
    })
    expect(await stripe.pay(foreign)).toBe(200)
    // Another event of the same session (a new event id) records it no second time.
    expect(await stripe.settleAsync(foreign, true)).toBe(200)
    expect(await status(paymentId)).toBe('pending')
    const [held, ...more] = await heldFor(foreign)
    expect(more).toEqual([])
    expect(held).toMatchObject({
      status: 'needs_review',
      amount: '1.00',
      currency: 'EUR',
      providerPaymentId: expect.stringMatching(/^pi_/),
    })
    expect(held.statusReason).toContain(foreign)
    expect(held.statusReason).toContain(sessionId)
    expect(await reviewNotices(foreign)).toHaveLength(1)

    // Ours is still payable through its own session, and settles from it.
    expect(await stripe.pay(sessionId)).toBe(200)
    expect(await status(paymentId)).toBe('paid')
  })

  it('holds a second paid session for a payment already paid, never silently', async () => {
    const { paymentId, sessionId } = await checkout()
    await stripe.pay(sessionId)
    // Once paid, its card is taken for renewals after the commit: the row is final then.
    const paid = await until(async () => {
      const row = await paymentRow(context.server.app.db, paymentId)
      return row?.cardTakenAt ? row : null
    })
    const second = stripe.paymentLinkSession({
      amount: 2999,
      currency: 'eur',
      clientReferenceId: paymentId,
    })
    expect(await stripe.pay(second)).toBe(200)
    expect(await paymentRow(context.server.app.db, paymentId)).toEqual(paid)
    expect(await heldFor(second)).toMatchObject([{ status: 'needs_review', amount: '29.99' }])
    expect(await reviewNotices(second)).toHaveLength(1)
  })

  it('ignores an expiry of a session we did not make', async () => {
    const { paymentId } = await checkout()
    const foreign = stripe.paymentLinkSession({
      amount: 2999,
      currency: 'eur',
      clientReferenceId: paymentId,
    })
    expect(await stripe.expire(foreign)).toBe(200)
    expect(await status(paymentId)).toBe('pending')
    expect(await heldFor(foreign)).toEqual([])
  })

  it('does nothing for an event id it has handled', async () => {
    const { paymentId, sessionId } = await checkout()
    await stripe.expire(sessionId)
    const event = stripe.state.events.at(-1)!
    const before = await paymentRow(context.server.app.db, paymentId)
    expect(before!.status).toBe('expired')
    const again = await fetch(stripe.state.webhookUrl!, { method: 'POST' }).then((r) => r.status)
    expect(again).toBe(400)
    expect(await stripe.deliver(event)).toBe(200)
    expect(await stripe.deliver(event)).toBe(200)
    expect(await handledEvents(context.server.app.db, event.id)).toBe(1)
    expect(await paymentRow(context.server.app.db, paymentId)).toEqual(before)
  })

  it('waits for an asynchronous payment, then settles or fails it', async () => {
    const first = await checkout()
    await stripe.pay(first.sessionId, { isAsync: true })
    expect(await status(first.paymentId)).toBe('pending')
    expect(await stripe.settleAsync(first.sessionId, true)).toBe(200)
    expect(await status(first.paymentId)).toBe('paid')

    const second = await checkout()
    await stripe.pay(second.sessionId, { isAsync: true })
    expect(await stripe.settleAsync(second.sessionId, false)).toBe(200)
    expect(await status(second.paymentId)).toBe('failed')
  })

  it('never un-pays a paid payment when an expiry or failure arrives late', async () => {
    const { paymentId, sessionId } = await checkout()
    const expiredEarlier = stripe.makeEvent('checkout.session.expired', {
      ...stripe.session(sessionId),
      status: 'expired',
    })
    await stripe.pay(sessionId)
    expect(await stripe.deliver(expiredEarlier)).toBe(200)
    expect(await stripe.settleAsync(sessionId, false)).toBe(200)
    expect(await status(paymentId)).toBe('paid')
  })

  it('marks a refund from the charge, in part and then in full', async () => {
    const { paymentId, sessionId } = await checkout()
    await stripe.pay(sessionId)
    expect(await stripe.refundInDashboard(sessionId, 1000)).toBe(200)
    expect(await paymentRow(context.server.app.db, paymentId)).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 1000,
    })
    expect(await stripe.refundInDashboard(sessionId, 1999)).toBe(200)
    expect(await paymentRow(context.server.app.db, paymentId)).toMatchObject({
      status: 'refunded',
      refundedMinor: 2999,
    })
  })
})
