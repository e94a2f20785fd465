import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeBtcpay, type FakeBtcpay } from '../../test/fake-btcpay'
import { handledEvents, insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

let btcpay: FakeBtcpay
beforeAll(async () => {
  btcpay = await startFakeBtcpay()
})
afterAll(() => btcpay.close())

describe.each(postgresOnly)('checkout and webhooks with BTCPay Server (%s)', (kind) => {
  const context = useAdminServer(kind, {
    env: {
      PUBLIC_URL: 'https://shop.example.com',
      get BTCPAY_URL() {
        return btcpay.url
      },
      BTCPAY_API_KEY: 'fake-btcpay-api-key-for-tests',
      BTCPAY_STORE_ID: 'FakeStore123',
      BTCPAY_WEBHOOK_SECRET: 'fake-btcpay-webhook-secret',
      PAYMENT_TIMEOUT_MS: paymentEnv({}).PAYMENT_TIMEOUT_MS,
    },
  })
  beforeAll(() => {
    btcpay.state.webhookUrl = `${context.server.baseUrl}/api/payments/btcpay/webhook`
  })

  async function checkout() {
    const { db } = context.server.app
    const plan = await insertPlan(db, { price: '29.99', currency: 'USD' })
    const person = await insertTrialRequest(db)
    const answer = await context.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider: 'btcpay',
    })
    expect(answer.status).toBe(201)
    const row = await paymentRow(db, answer.body.paymentId)
    return {
      paymentId: answer.body.paymentId as string,
      invoiceId: row!.providerCheckoutId!,
      person,
      answer,
    }
  }
  const status = async (paymentId: string) =>
    (await paymentRow(context.server.app.db, paymentId))!.status

  it('creates an invoice for our payment and answers its checkout link', async () => {
    const { paymentId, invoiceId, person, answer } = await checkout()
    expect(answer.body).toEqual({
      paymentId,
      checkoutUrl: `${btcpay.url}/i/${invoiceId}`,
      amount: '29.99',
      currency: 'USD',
    })
    const call = btcpay.state.calls.findLast((c) => c.method === 'POST')!
    expect(call.path).toBe('/api/v1/stores/FakeStore123/invoices')
    expect(call.body).toEqual({
      amount: '29.99',
      currency: 'USD',
      metadata: { orderId: paymentId, buyerEmail: person.email, itemDesc: 'Family, 3 months' },
      checkout: { redirectURL: 'https://shop.example.com/payment/success', expirationMinutes: 60 },
    })
    expect(await status(paymentId)).toBe('pending')
    expect((await context.admin.get('/api/payments/providers')).body).toEqual({
      stripe: false,
      btcpay: true,
    })
  })

  it('settles when the invoice settles, once, whatever is redelivered', async () => {
    const { paymentId, invoiceId } = await checkout()
    await btcpay.pay(invoiceId)
    expect(btcpay.state.deliveries.slice(-3).map((d) => d.status)).toEqual([200, 200, 200])
    expect(await status(paymentId)).toBe('paid')
    const settled = btcpay.state.deliveries.at(-1)!
    expect(await btcpay.redeliver(settled)).toBe(200)
    expect(await handledEvents(context.server.app.db, settled.deliveryId)).toBe(1)
  })

  it('refuses a missing or wrong BTCPay-Sig with 400 and changes nothing', async () => {
    const { paymentId, invoiceId } = await checkout()
    btcpay.invoice(invoiceId).status = 'Settled'
    const delivery = btcpay.makeDelivery('InvoiceSettled', invoiceId)
    expect(await btcpay.deliver(delivery, { signature: null })).toBe(400)
    expect(await btcpay.deliver(delivery, { secret: 'another-secret' })).toBe(400)
    expect(await btcpay.deliver(delivery, { signature: 'sha256=zz' })).toBe(400)
    expect(await status(paymentId)).toBe('pending')
    expect(await handledEvents(context.server.app.db, delivery.deliveryId)).toBe(0)
  })

  it('expires, then settles an invoice paid late', async () => {
    const { paymentId, invoiceId } = await checkout()
    expect(await btcpay.expire(invoiceId)).toBe(200)
    expect(await status(paymentId)).toBe('expired')
    expect(await btcpay.payLate(invoiceId)).toBe(200)
    expect(await status(paymentId)).toBe('paid')
  })

  it('marks an invalid invoice failed, and a late expiry leaves a paid payment paid', async () => {
    const invalid = await checkout()
    expect(await btcpay.invalidate(invalid.invoiceId)).toBe(200)
    expect(await status(invalid.paymentId)).toBe('failed')

    const paid = await checkout()
    const expiredEarlier = btcpay.makeDelivery('InvoiceExpired', paid.invoiceId)
    await btcpay.pay(paid.invoiceId)
    expect(await btcpay.deliver(expiredEarlier)).toBe(200)
    expect(await status(paid.paymentId)).toBe('paid')
  })

  it('does not settle on one payment of an invoice that is not paid in full', async () => {
    const { paymentId, invoiceId } = await checkout()
    const partial = btcpay.makeDelivery('InvoicePaymentSettled', invoiceId)
    expect(await btcpay.deliver(partial)).toBe(200)
    expect(await status(paymentId)).toBe('pending')
  })

  it('answers 502 and 504 for an outage or a slow server, keeping the payment pending', async () => {
    const { db } = context.server.app
    const plan = await insertPlan(db)
    const person = await insertTrialRequest(db)
    const path = `/api/trial-requests/${person.id}/checkout`
    btcpay.failNext(1, 500)
    const down = await context.admin.post(path, { planId: plan.id, provider: 'btcpay' })
    expect(down.status).toBe(502)
    expect(down.body.message).toMatch(/BTCPay Server is not answering properly/)
    btcpay.delay(2_000)
    try {
      const slow = await context.admin.post(path, { planId: plan.id, provider: 'btcpay' })
      expect(slow.status).toBe(504)
    } finally {
      btcpay.delay(0)
    }
    const retried = await context.admin.post(path, { planId: plan.id, provider: 'btcpay' })
    expect(retried.status).toBe(201)
    expect(await status(retried.body.paymentId)).toBe('pending')
  })
})
