import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditSentenceText, describeAuditEntry } from '../../../common/audit-sentences'
import { trialRequests } from '../../db/schema/trial-requests'
import { withNewEntries } from '../../test/audit-trail'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly } from '../../test/test-server'
import { presentAuditEntries } from '../audit/audit.service'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

describe.each(postgresOnly)('resolving payments in review on %s', (kind) => {
  const t = useMailServer(kind, () => paymentEnv({ stripe }))
  const db = () => t.server.app.db
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })
  const resolve = (paymentId: string, body: object) =>
    t.admin.post(`/api/payments/${paymentId}/resolve`, body)
  const month = () => t.now.toISOString().slice(0, 7)
  /** This month's revenue on the Financials, in cents. */
  const revenueNow = async () => {
    const { body } = await t.admin.get('/api/revenue-analytics')
    const found = body.monthlyRevenue.find((each: { month: string }) => each.month === month())
    return Math.round(Number(found?.total ?? '0') * 100)
  }
  const sentencesOf = async (entries: Parameters<typeof presentAuditEntries>[1]) =>
    (await presentAuditEntries(db(), entries)).map((entry) =>
      auditSentenceText(describeAuditEntry(entry)),
    )

  /** A trial person's Stripe checkout for 29.99 EUR: our payment and Stripe's session. */
  async function checkout(names: { firstName: string; lastName: string }) {
    const plan = await insertPlan(db())
    const person = await t.newPerson(names)
    const answer = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider: 'stripe',
    })
    expect(answer.status).toBe(201)
    const paymentId: string = answer.body.paymentId
    const sessionId = (await paymentRow(db(), paymentId))!.providerCheckoutId!
    return { person, paymentId, sessionId }
  }

  /** The customer paid 10.00 EUR on our session, which asked 29.99: held for review. */
  async function heldForLess(names: { firstName: string; lastName: string }) {
    const held = await checkout(names)
    stripe.session(held.sessionId).amount_total = 1000
    expect(await stripe.pay(held.sessionId)).toBe(200)
    expect(await paymentRow(db(), held.paymentId)).toMatchObject({
      status: 'needs_review',
      receivedMinor: 1000,
    })
    return held
  }

  it('accepts a payment held for another amount, at the amount received, extending once', async () => {
    const { person, paymentId } = await heldForLess({ firstName: 'Ada', lastName: 'Accept' })
    const shown = await t.admin.get(`/api/payments/${paymentId}`)
    expect(shown.body).toMatchObject({ receivedAmount: '10.00', receivedCurrency: 'EUR' })
    const revenue = await revenueNow()
    const note = 'Paid the old price; agreed on the phone'
    const { result: answer, entries } = await withNewEntries(db(), () =>
      resolve(paymentId, { action: 'accept', note }),
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      status: 'paid',
      amount: '10.00',
      receiptNumber: expect.any(Number),
      paidAt: expect.any(String),
    })
    const [after] = await db().select().from(trialRequests).where(eq(trialRequests.id, person.id))
    expect(after).toMatchObject({ subscriptionStatus: 'active', paidPlan: 'Family' })
    expect(await revenueNow()).toBe(revenue + 1000)
    expect(await sentencesOf(entries)).toContain(
      `owner resolved a payment in review from Ada Accept: accepted it (payment ${paymentId}): ${note}`,
    )

    // Accepted once: again is refused, and extends nothing more.
    const again = await resolve(paymentId, { action: 'accept', note })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Only a payment in review can be resolved; this one is paid')
    const [still] = await db().select().from(trialRequests).where(eq(trialRequests.id, person.id))
    expect(still!.subscriptionEndDate).toEqual(after!.subscriptionEndDate)
    const receipts = (await t.messagesTo(person.email)).filter(
      (message) => message.kind === 'payment_receipt',
    )
    expect(receipts).toHaveLength(1)
  })

  it('refunds all a session we did not make took, through Stripe, lowering no revenue', async () => {
    const {
      paymentId,
      sessionId: foreign,
      heldId,
    } = await heldFromLink({ firstName: 'Bo', lastName: 'Foreign' }, 1500)
    const revenue = await revenueNow()
    const body = { action: 'refund', note: 'Not an order of ours', requestId: randomUUID() }
    const { result: answer, entries } = await withNewEntries(db(), () => resolve(heldId, body))
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ status: 'refunded', refundedAmount: '15.00' })
    const calls = stripe.state.calls.filter((call) => call.path === '/v1/refunds')
    expect(calls.at(-1)).toMatchObject({
      params: { payment_intent: stripe.session(foreign).payment_intent, amount: '1500' },
      idempotencyKey: `refund-${body.requestId}`,
    })
    expect(await revenueNow()).toBe(revenue)
    expect(await sentencesOf(entries)).toContain(
      `owner resolved a payment in review from Bo Foreign: refunded it (payment ${heldId}): Not an order of ours`,
    )
    // Ours was never touched.
    expect((await paymentRow(db(), paymentId))!.status).toBe('pending')
  })

  it("records Stripe's refunds of a payment in review against it, never losing one", async () => {
    const { paymentId, sessionId } = await heldForLess({ firstName: 'Cy', lastName: 'Dashboard' })
    const revenue = await revenueNow()
    expect(await stripe.refundInDashboard(sessionId, 400)).toBe(200)
    expect(await t.admin.get(`/api/payments/${paymentId}`)).toMatchObject({
      body: { status: 'needs_review', amount: '10.00', refundedAmount: '4.00' },
    })
    expect(await stripe.refundInDashboard(sessionId, 600)).toBe(200)
    expect(await t.admin.get(`/api/payments/${paymentId}`)).toMatchObject({
      body: { status: 'refunded', refundedAmount: '10.00' },
    })
    expect(await revenueNow()).toBe(revenue)
  })

  /** Money taken through a payment link carrying our payment's id: held as a payment of its own. */
  async function heldFromLink(names: { firstName: string; lastName: string }, amount: number) {
    const { paymentId } = await checkout(names)
    const sessionId = stripe.paymentLinkSession({
      amount,
      currency: 'eur',
      clientReferenceId: paymentId,
    })
    expect(await stripe.pay(sessionId)).toBe(200)
    const listed = await t.admin.get('/api/payments?status=needs_review')
    const held = listed.body.find(
      (each: { providerCheckoutId: string }) => each.providerCheckoutId === sessionId,
    )
    return { paymentId, sessionId, heldId: held.id as string }
  }

  it('dismisses a payment in review as failed, with the note, for good', async () => {
    const { heldId, sessionId } = await heldFromLink({ firstName: 'Di', lastName: 'Dismiss' }, 2999)
    const note = 'Refunded by the bank itself'
    const { result: answer, entries } = await withNewEntries(db(), () =>
      resolve(heldId, { action: 'dismiss', note }),
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ status: 'failed', statusReason: note, paidAt: null })
    expect(await sentencesOf(entries)).toContain(
      `owner resolved a payment in review from Di Dismiss: dismissed it (payment ${heldId}): ${note}`,
    )
    // Its checkout's later news never settles it.
    const late = stripe.makeEvent('checkout.session.async_payment_succeeded', {
      ...stripe.session(sessionId),
      params: undefined,
    })
    expect(await stripe.deliver(late)).toBe(200)
    expect((await paymentRow(db(), heldId))!.status).toBe('failed')
    const refund = await resolve(heldId, { action: 'refund', note })
    expect(refund.status).toBe(409)
  })

  it('refuses bad input naming the field, and lets only super admins resolve', async () => {
    const { paymentId } = await heldForLess({ firstName: 'Ed', lastName: 'Refused' })
    const badAction = await resolve(paymentId, { action: 'maybe', note: 'x' })
    expect(badAction.status).toBe(400)
    expect(badAction.body.issues).toEqual([
      expect.objectContaining({
        path: 'action',
        message: 'action must be accept, refund or dismiss',
      }),
    ])
    const noNote = await resolve(paymentId, { action: 'dismiss', note: '  ' })
    expect(noNote.status).toBe(400)
    expect(noNote.body.issues).toEqual([
      expect.objectContaining({ path: 'note', message: 'note is required' }),
    ])
    const unknown = await resolve(randomUUID(), { action: 'dismiss', note: 'x' })
    expect(unknown.status).toBe(404)

    await seedAdmin(db(), { username: 'clerk', password: 'clerk-password-1', role: 'admin' })
    const clerk = createClient(t.server.baseUrl)
    await clerk.login('clerk', 'clerk-password-1')
    const refused = await clerk.post(`/api/payments/${paymentId}/resolve`, {
      action: 'accept',
      note: 'Mine',
    })
    expect(refused.status).toBe(403)
    expect((await paymentRow(db(), paymentId))!.status).toBe('needs_review')
  })
})
