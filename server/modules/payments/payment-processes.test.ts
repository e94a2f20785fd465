import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { openDatabase, type Database } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { startFakeBtcpay, type FakeBtcpay } from '../../test/fake-btcpay'
import { btcpaySignature, postWebhook, stripeSignature } from '../../test/fake-provider-http'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { startFakeSupplier, type FakeSupplier } from '../../test/fake-supplier'
import { createClient } from '../../test/http-client'
import { insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import { startProcessesOnPostgres } from '../../test/processes-on-postgres'
import { panelSeconds } from '../../test/supplier-server'
import { owner } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

const day = 86_400_000

// Two server processes on one PostgreSQL: what one webhook (or one reconciliation round) does
// when both receive it at the same moment. PostgreSQL only: PGlite has one process per database.
describe('payments with two server processes on one PostgreSQL', () => {
  let stripe: FakeStripe
  let btcpay: FakeBtcpay
  let supplier: FakeSupplier
  let cluster: Awaited<ReturnType<typeof startProcessesOnPostgres>>
  let database: Database
  const db = () => database.db
  const signedIn = async (url: string) => {
    const admin = createClient(url)
    await admin.login(owner.username, owner.password)
    return admin
  }

  beforeAll(async () => {
    ;[stripe, btcpay, supplier] = await Promise.all([
      startFakeStripe(),
      startFakeBtcpay(),
      startFakeSupplier(),
    ])
    cluster = await startProcessesOnPostgres(2, {
      ...paymentEnv({ stripe, btcpay }),
      SUPPLIER_API_URL: supplier.apiUrl,
      SUPPLIER_API_KEY: supplier.apiKey,
    })
    database = await openDatabase({ kind: 'postgres', url: cluster.database.url })
    const admin = await signedIn(cluster.servers[0]!.url)
    const saved = await admin.put('/api/settings/supplier', {
      packageId: '3',
      gracePeriodDays: 0,
      creditAlertThreshold: 10,
    })
    expect(saved.status).toBe(200)
    // Nothing reaches us on its own: each test delivers by hand, to both processes.
    stripe.state.webhookUrl = null
    btcpay.state.webhookUrl = null
  }, 120_000)
  afterAll(async () => {
    await database?.close()
    await cluster?.stop()
    await Promise.all([stripe?.close(), btcpay?.close(), supplier?.close()])
  })

  /** A checkout made through the first process; our payment and the provider's id for it. */
  async function checkout(provider: 'stripe' | 'btcpay', person: { id: string }) {
    const plan = await insertPlan(db(), { name: 'Family', price: '29.99', currency: 'EUR' })
    const admin = await signedIn(cluster.servers[0]!.url)
    const answer = await admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider,
    })
    expect(answer.status).toBe(201)
    const row = await paymentRow(db(), answer.body.paymentId)
    return { paymentId: row!.id, checkoutId: row!.providerCheckoutId! }
  }

  /** The same signed body posted to both processes at the same moment. */
  const deliverToBoth = (path: string, payload: string, headers: Record<string, string>) =>
    Promise.all(
      cluster.servers.map((server) => postWebhook(`${server.url}${path}`, payload, headers)),
    )

  /** Waits (up to 20 s) until the person's line is made and holds its last change on the panel. */
  async function lineFollowed(personId: string) {
    const deadline = Date.now() + 20_000
    for (;;) {
      const [line] = await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, personId))
      if (line?.supplierId && line.pushedRevision >= line.revision) return
      if (Date.now() > deadline) throw new Error(`The line never followed: ${JSON.stringify(line)}`)
      await sleep(50)
    }
  }

  /**
   * Everything one settle leaves behind, counted, for a person who had no line: once their line
   * has followed (after the answer).
   */
  async function settledOnce(personId: string, paymentId: string) {
    await lineFollowed(personId)
    const [person] = await db().select().from(trialRequests).where(eq(trialRequests.id, personId))
    const payment = await paymentRow(db(), paymentId)
    const receipts = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, person!.email),
          eq(outboxMessages.kind, 'payment_receipt'),
        ),
      )
    const username = `sl${person!.subscriptionId.slice(4).toLowerCase()}`
    return {
      person: person!,
      payment: payment!,
      receipts: receipts.length,
      creates: supplier.calls.filter(
        (call) => call.action === 'create_line' && call.form.get('username') === username,
      ).length,
      onPanel: supplier.lines.filter((line) => line.username === username),
    }
  }

  it('converts a trial once when both receive the same checkout.session.completed', async () => {
    const person = await insertTrialRequest(db())
    const { paymentId, checkoutId } = await checkout('stripe', person)
    await stripe.pay(checkoutId)
    const event = stripe.state.events.at(-1)!
    expect(event.type).toBe('checkout.session.completed')
    const payload = JSON.stringify(event)
    const signature = stripeSignature(payload, stripe.webhookSecret, Math.floor(Date.now() / 1000))
    const statuses = await deliverToBoth('/api/payments/stripe/webhook', payload, {
      'stripe-signature': signature,
    })
    expect(statuses).toEqual([200, 200])

    const after = await settledOnce(person.id, paymentId)
    expect(after.payment).toMatchObject({ status: 'paid', receiptNumber: expect.any(Number) })
    expect(after.person).toMatchObject({ subscriptionStatus: 'active', paidPlan: 'Family' })
    const end = addCalendarMonths(after.payment.paidAt!, 3)
    expect(after.person.subscriptionEndDate).toEqual(end)
    expect(after.receipts).toBe(1)
    expect(after.creates).toBe(1)
    expect(after.onPanel).toEqual([expect.objectContaining({ exp_date: panelSeconds(end) })])
  }, 60_000)

  it('extends a subscription once when both receive the same InvoiceSettled', async () => {
    const oldEnd = new Date(Date.now() + 10 * day)
    const person = await insertTrialRequest(db(), {
      subscriptionStatus: 'active',
      paidPlan: 'Family',
      subscriptionPrice: '29.99',
      subscriptionStartDate: new Date(Date.now() - 80 * day),
      subscriptionEndDate: oldEnd,
    })
    const { paymentId, checkoutId } = await checkout('btcpay', person)
    await btcpay.pay(checkoutId)
    const delivery = btcpay.makeDelivery('InvoiceSettled', checkoutId, {
      manuallyMarked: false,
      overPaid: false,
    })
    const payload = JSON.stringify(delivery)
    const statuses = await deliverToBoth('/api/payments/btcpay/webhook', payload, {
      'btcpay-sig': btcpaySignature(payload, btcpay.webhookSecret),
    })
    expect(statuses).toEqual([200, 200])

    const after = await settledOnce(person.id, paymentId)
    const newEnd = addCalendarMonths(oldEnd, 3)
    expect(after.person.subscriptionEndDate).toEqual(newEnd)
    expect(after.payment).toMatchObject({ status: 'paid', previousEnd: oldEnd, newEnd })
    const renewals = await db()
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.trialRequestId, person.id))
    expect(renewals).toHaveLength(1)
    expect(after.receipts).toBe(1)
    expect(after.creates).toBe(1)
    expect(after.onPanel).toEqual([expect.objectContaining({ exp_date: panelSeconds(newEnd) })])
  }, 60_000)

  it('asks Stripe once and settles once when both run the reconciliation round at once', async () => {
    const person = await insertTrialRequest(db())
    const { paymentId, checkoutId } = await checkout('stripe', person)
    await stripe.pay(checkoutId)
    // Its webhook never came, and it was made six minutes ago.
    await db().execute(
      sql`update payments set created_at = created_at - interval '6 minutes' where id = ${paymentId}`,
    )
    const admins = await Promise.all(cluster.servers.map((server) => signedIn(server.url)))
    const answers = await Promise.all(
      admins.map((admin) => admin.post('/api/maintenance/expire-now')),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers.map((answer) => answer.body.paymentsSettled).sort()).toEqual([0, 1])
    const reads = stripe.state.calls.filter(
      (call) => call.method === 'GET' && call.path === `/v1/checkout/sessions/${checkoutId}`,
    )
    expect(reads).toHaveLength(1)
    const after = await settledOnce(person.id, paymentId)
    expect(after.payment.status).toBe('paid')
    expect(after.receipts).toBe(1)
    expect(after.creates).toBe(1)
  }, 60_000)
})
