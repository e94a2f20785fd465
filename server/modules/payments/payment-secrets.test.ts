import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/audit-log'
import { startFakeBtcpay, type FakeBtcpay } from '../../test/fake-btcpay'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { reconcilePayments } from './reconcile-payments'

// Distinctive values, so any copy of one anywhere is found.
const secrets = {
  stripeKey: 'sk_test_neverShownStripeKey4242',
  stripeHook: 'whsec_neverShownStripeHookSecret',
  btcpayKey: 'never-shown-btcpay-api-key-7f3a',
  btcpayHook: 'never-shown-btcpay-webhook-secret-9c1e',
}

let stripe: FakeStripe
let btcpay: FakeBtcpay
beforeAll(async () => {
  ;[stripe, btcpay] = await Promise.all([
    startFakeStripe({ secretKey: secrets.stripeKey, webhookSecret: secrets.stripeHook }),
    startFakeBtcpay({ apiKey: secrets.btcpayKey, webhookSecret: secrets.btcpayHook }),
  ])
})
afterAll(() => Promise.all([stripe.close(), btcpay.close()]))

describe.each(postgresOnly)('payment secrets stay secret (%s)', (kind) => {
  const logs: string[] = []
  let clock = Date.now()
  const t = useAdminServer(kind, {
    now: () => new Date(clock),
    env: {
      LOG_LEVEL: 'trace',
      get STRIPE_API_BASE() {
        return stripe.url
      },
      get BTCPAY_URL() {
        return btcpay.url
      },
      STRIPE_SECRET_KEY: secrets.stripeKey,
      STRIPE_WEBHOOK_SECRET: secrets.stripeHook,
      BTCPAY_API_KEY: secrets.btcpayKey,
      BTCPAY_STORE_ID: 'FakeStore123',
      BTCPAY_WEBHOOK_SECRET: secrets.btcpayHook,
      PAYMENT_TIMEOUT_MS: paymentEnv({}).PAYMENT_TIMEOUT_MS,
    },
    logStream: (line) => logs.push(line),
  })
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
    btcpay.state.webhookUrl = `${t.server.baseUrl}/api/payments/btcpay/webhook`
  })

  it('never shows a key or webhook secret in logs, answers or the audit trail', async () => {
    const { db } = t.server.app
    const plan = await insertPlan(db)
    const person = await insertTrialRequest(db)
    const path = `/api/trial-requests/${person.id}/checkout`
    const answers: unknown[] = []
    const call = async (answer: Promise<{ status: number; body: unknown }>, status: number) => {
      const { status: got, body } = await answer
      expect(got).toBe(status)
      answers.push(body)
      return body as Record<string, string>
    }

    // Checkouts with both providers, and one while Stripe is down.
    const paid = await call(t.admin.post(path, { planId: plan.id, provider: 'stripe' }), 201)
    await call(t.admin.post(path, { planId: plan.id, provider: 'btcpay' }), 201)
    stripe.failNext(2, 500)
    await call(t.admin.post(path, { planId: plan.id, provider: 'stripe', months: 1 }), 502)
    // Webhooks signed with someone else's secret.
    const sessionId = (await paymentRow(db, paid.paymentId!))!.providerCheckoutId!
    const forged = stripe.makeEvent('checkout.session.expired', stripe.session(sessionId))
    expect(await stripe.deliver(forged, { secret: 'whsec_someoneElse' })).toBe(400)
    const invoiceDelivery = btcpay.makeDelivery('InvoiceExpired', [...btcpay.invoices.keys()][0]!)
    expect(await btcpay.deliver(invoiceDelivery, { secret: 'someone-else' })).toBe(400)
    // A reconciliation round while Stripe is down logs a warning.
    stripe.failNext(2, 500)
    clock += 6 * 60_000
    await reconcilePayments(t.server.app)
    // And a good webhook, signed now.
    clock = Date.now()
    expect(await stripe.pay(sessionId)).toBe(200)

    for (const url of [
      '/api/payments',
      `/api/payments/${paid.paymentId}`,
      '/api/payments/export.csv',
      '/api/payments/providers',
    ]) {
      await call(t.admin.get(url), 200)
    }

    const audit = await db.select().from(auditLog)
    const everything = JSON.stringify({ logs, answers, audit })
    expect(logs.some((line) => line.includes('next round asks again'))).toBe(true)
    expect(logs.some((line) => line.includes('"statusCode":400'))).toBe(true)
    for (const [name, secret] of Object.entries(secrets)) {
      expect(everything.includes(secret), name).toBe(false)
    }
  })
})
