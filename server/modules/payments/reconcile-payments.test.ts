import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trialRequests } from '../../db/schema/trial-requests'
import { insertDiscount, redemptionStatus } from '../../test/discount-fixtures'
import { startFakeBtcpay, type FakeBtcpay } from '../../test/fake-btcpay'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { useMailServer } from '../../test/mail-server'
import { insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly } from '../../test/test-server'
import { reconcilePayments } from './reconcile-payments'

let stripe: FakeStripe
let btcpay: FakeBtcpay
beforeAll(async () => {
  ;[stripe, btcpay] = await Promise.all([startFakeStripe(), startFakeBtcpay()])
})
afterAll(() => Promise.all([stripe.close(), btcpay.close()]))

const minute = 60_000

describe.each(postgresOnly)('reconciling pending payments with their providers (%s)', (kind) => {
  const t = useMailServer(kind, () => paymentEnv({ stripe, btcpay }))
  // The providers' webhooks never reach us: our server was down past their retries.
  beforeAll(() => {
    stripe.state.webhookUrl = null
    btcpay.state.webhookUrl = null
  })
  const db = () => t.server.app.db
  const round = () => reconcilePayments(t.server.app)

  /** A trial person's checkout, made now by the app's clock; the provider's id of it. */
  async function checkout(provider: 'stripe' | 'btcpay', discountCode?: string) {
    const plan = await insertPlan(db(), { name: 'Family' })
    const person = await t.newPerson()
    // No card saved: the failures injected here are the checkout's own calls.
    const answer = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider,
      discountCode,
      autoRenew: false,
    })
    return { answer, person, paymentId: answer.body.paymentId as string }
  }
  const checkoutIdOf = async (paymentId: string) =>
    (await paymentRow(db(), paymentId))!.providerCheckoutId!
  const receiptsTo = async (email: string) =>
    (await t.messagesTo(email)).filter((message) => message.kind === 'payment_receipt')

  it('settles a Stripe payment whose webhook never came, once it has waited five minutes', async () => {
    const { paymentId, person, answer } = await checkout('stripe')
    const paid = await fetch(answer.body.checkoutUrl, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(await round()).toMatchObject({ checked: 0 })
    expect((await paymentRow(db(), paymentId))!.status).toBe('pending')

    t.advance(6 * minute)
    expect(await round()).toEqual({ checked: 1, paid: 1, held: 0, closed: 0 })
    expect(await paymentRow(db(), paymentId)).toMatchObject({
      status: 'paid',
      providerPaymentId: expect.stringMatching(/^pi_/),
      receiptNumber: expect.any(Number),
    })
    const [after] = await db().select().from(trialRequests).where(eq(trialRequests.id, person.id))
    expect(after).toMatchObject({ subscriptionStatus: 'active', paidPlan: 'Family' })
    expect(await receiptsTo(person.email)).toHaveLength(1)
    // Asked about once: a second round finds nothing pending.
    expect(await round()).toEqual({ checked: 0, paid: 0, held: 0, closed: 0 })
  })

  it('settles a paid BTCPay invoice from Expire now, and its receipt goes out in the same run', async () => {
    const { paymentId, person } = await checkout('btcpay')
    await btcpay.pay(await checkoutIdOf(paymentId))
    t.advance(6 * minute)
    const before = t.smtp.received.length
    const answer = await t.admin.post('/api/maintenance/expire-now')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ paymentsSettled: 1, paymentsHeld: 0, paymentsClosed: 0 })
    expect((await paymentRow(db(), paymentId))!.status).toBe('paid')
    const mailed = t.smtp.received
      .slice(before)
      .filter((mail) => mail.to && 'text' in mail.to && mail.to.text === person.email)
      .map((mail) => mail.subject)
    expect(mailed.filter((subject) => subject?.startsWith('Receipt'))).toEqual([
      expect.stringMatching(/^Receipt \d+ from StreamLine$/),
    ])
  })

  it('counts a payment held for review as held in Expire now, not settled', async () => {
    const { paymentId, person } = await checkout('stripe')
    const sessionId = await checkoutIdOf(paymentId)
    // Stripe took less than we asked (our record says 29.99).
    stripe.session(sessionId).amount_total = 1000
    await stripe.pay(sessionId)
    t.advance(6 * minute)
    const answer = await t.admin.post('/api/maintenance/expire-now')
    expect(answer.body).toMatchObject({ paymentsSettled: 0, paymentsHeld: 1 })
    expect(await paymentRow(db(), paymentId)).toMatchObject({
      status: 'needs_review',
      receivedMinor: 1000,
      receivedCurrency: 'EUR',
      paidAt: null,
    })
    expect(await receiptsTo(person.email)).toHaveLength(0)
  })

  it('marks an expired session expired and frees its discount code', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const { paymentId } = await checkout('stripe', discount.code!)
    await stripe.expire(await checkoutIdOf(paymentId))
    t.advance(6 * minute)
    expect(await round()).toMatchObject({ paid: 0, closed: 1 })
    expect((await paymentRow(db(), paymentId))!.status).toBe('expired')
    expect(await redemptionStatus(db(), paymentId)).toBe('released')
  })

  it('marks a limited code’s invoice BTCPay still holds open invalid once our half hour has passed', async () => {
    const discount = await insertDiscount(db(), { oncePerPerson: true })
    const { paymentId } = await checkout('btcpay', discount.code!)
    const invoiceId = await checkoutIdOf(paymentId)
    t.advance(29 * minute)
    expect(await round()).toMatchObject({ checked: 1, closed: 0 })
    expect(btcpay.invoice(invoiceId).status).toBe('New')

    // Past the two minutes a payment asked about is left alone.
    t.advance(3 * minute)
    expect(await round()).toEqual({ checked: 1, paid: 0, held: 0, closed: 1 })
    expect(btcpay.invoice(invoiceId)).toMatchObject({
      status: 'Invalid',
      additionalStatus: 'Marked',
    })
    expect(await paymentRow(db(), paymentId)).toMatchObject({
      status: 'expired',
      statusReason: null,
    })
    expect(await redemptionStatus(db(), paymentId)).toBe('released')
  })

  it('expires a payment that never got a checkout once its half hour has passed, freeing its code', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    stripe.failNext(2, 500)
    const { answer, paymentId } = await checkout('stripe', discount.code!)
    expect(answer.status).toBe(502)
    const pendingId = (await t.admin.get('/api/payments?status=pending&provider=stripe')).body.find(
      (payment: { discountCode: string | null }) => payment.discountCode === discount.code,
    ).id as string
    expect(paymentId).toBeUndefined()
    // A checkout with a limited code lasts 30 minutes.
    t.advance(25 * minute)
    await round()
    expect((await paymentRow(db(), pendingId))!.status).toBe('pending')
    t.advance(6 * minute)
    await round()
    expect(await paymentRow(db(), pendingId)).toMatchObject({
      status: 'expired',
      statusReason: 'The checkout was never opened at the provider',
    })
    expect(await redemptionStatus(db(), pendingId)).toBe('released')
    // An hour on, the owner signs in again.
    await t.travel(0)
  })

  it('leaves a payment pending through a provider outage, says so in the log, and settles it next round', async () => {
    const { paymentId, person } = await checkout('stripe')
    await stripe.pay(await checkoutIdOf(paymentId))
    t.advance(6 * minute)
    const logged = t.logs.length
    // A GET is retried once by the library: both attempts fail.
    stripe.failNext(2, 500)
    expect(await round()).toMatchObject({ paid: 0 })
    expect((await paymentRow(db(), paymentId))!.status).toBe('pending')
    const warnings = t.logs.slice(logged).filter((line) => line.includes('next round asks again'))
    expect(warnings).toHaveLength(1)
    expect(JSON.parse(warnings[0]!)).toMatchObject({ paymentId, provider: 'stripe', level: 40 })

    t.advance(3 * minute)
    expect(await round()).toMatchObject({ paid: 1 })
    expect(await receiptsTo(person.email)).toHaveLength(1)
  })
})
