import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payments } from '../../../db/schema/payments'
import { renewalAttempts } from '../../../db/schema/renewal-attempts'
import { stripeCustomers } from '../../../db/schema/stripe-customers'
import { trialRequests } from '../../../db/schema/trial-requests'
import { signedInCustomer } from '../../../test/customer-fixtures'
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe'
import { insertPlan, laterStripeEnv } from '../../../test/payment-fixtures'
import { insertRenewingPerson } from '../../../test/renewal-fixtures'
import { postgresOnly, useAdminServer } from '../../../test/test-server'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const dayMs = 86_400_000

// A customer moves to another plan: a cheaper one from the next renewal, a dearer one at once,
// the unused part of their period credited and the rest charged to their saved card.
describe.each(postgresOnly)('changing plan, on %s', (kind) => {
  const t = useAdminServer(kind, {
    env: laterStripeEnv(() => stripe),
  })
  const db = () => t.server.app.db
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })

  const newPlan = (price: string, billingPeriod: 'monthly' | 'quarterly' = 'monthly') =>
    insertPlan(db(), { name: `Plan ${crypto.randomUUID().slice(0, 8)}`, price, billingPeriod })
  const paymentsOf = (personId: string) =>
    db().select().from(payments).where(eq(payments.trialRequestId, personId))

  /** A customer 15 days into 30 paid (10.00 EUR a month), with a card saved on Stripe's page. */
  async function customerWithCard(card = {}) {
    const renewing = await insertRenewingPerson(db(), { daysLeft: 15 })
    const customer = await signedInCustomer(t.server, renewing.person)
    const page = await customer.post('/api/account/payment-method')
    await stripe.pay(/\/pay\/([^/?]+)/.exec(page.body.checkoutUrl)![1]!, { card })
    return { ...renewing, customer }
  }

  it('schedules a cheaper plan for the next renewal and charges nothing', async () => {
    const { person, end, customer } = await customerWithCard()
    const cheaper = await newPlan('24.00', 'quarterly')
    const before = await paymentsOf(person.id)
    const answer = await customer.post('/api/account/plan-change', { planId: cheaper.id })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      effective: 'period_end',
      chargedMinor: 0,
      creditMinor: 0,
      newEnd: end.toISOString(),
    })
    expect(await paymentsOf(person.id)).toHaveLength(before.length)
    const account = await customer.get('/api/account')
    expect(account.body.renewal).toMatchObject({
      planId: cheaper.id,
      amount: '24.00',
      scheduledPlan: { planId: cheaper.id, name: cheaper.name, from: end.toISOString() },
    })
  })

  it('starts a dearer plan now, crediting the unused half and charging the rest once', async () => {
    const { person, customer } = await customerWithCard()
    const dearer = await newPlan('20.00')
    const before = Date.now()
    const answer = await customer.post('/api/account/plan-change', { planId: dearer.id })
    expect(answer.status).toBe(200)
    const { effective, chargedMinor, creditMinor, newEnd } = answer.body
    expect(effective).toBe('now')
    expect(chargedMinor + creditMinor).toBe(2000)
    // Half of the 10.00 paid for 30 days is left (less the moments the test took).
    expect(creditMinor).toBeGreaterThanOrEqual(499)
    expect(creditMinor).toBeLessThanOrEqual(500)
    const end = new Date(newEnd).getTime()
    expect(end).toBeGreaterThanOrEqual(before + 28 * dayMs)
    expect(end).toBeLessThanOrEqual(Date.now() + 31 * dayMs)

    const [paid] = (await paymentsOf(person.id)).filter((row) => row.planId === dearer.id)
    expect(paid).toMatchObject({
      status: 'paid',
      kind: 'purchase',
      amountMinor: chargedMinor,
      listAmountMinor: 2000,
      discountMinor: creditMinor,
      newEnd: new Date(newEnd),
    })
    const attempts = await db()
      .select()
      .from(renewalAttempts)
      .where(eq(renewalAttempts.paymentId, paid!.id))
    expect(attempts).toEqual([expect.objectContaining({ number: 1, outcome: 'succeeded' })])
    const charges = stripe.state.calls.filter(
      (call) =>
        call.path === '/v1/payment_intents' &&
        (call.params.metadata as { paymentId?: string } | undefined)?.paymentId === paid!.id,
    )
    expect(charges.map((call) => [call.idempotencyKey, call.params.amount])).toEqual([
      [`${paid!.id}-1`, String(chargedMinor)],
    ])
    await stripe.cards.delivered()
    const [row] = await db().select().from(trialRequests).where(eq(trialRequests.id, person.id))
    expect(row).toMatchObject({ paidPlan: dearer.name, subscriptionEndDate: new Date(newEnd) })
    const account = await customer.get('/api/account')
    expect(account.body.subscription.planName).toBe(dearer.name)
    expect(account.body.renewal).toMatchObject({ planId: dearer.id, scheduledPlan: null })
  })

  it('answers 402 in words for a person when the card declines, and changes nothing', async () => {
    const { person, end, customer } = await customerWithCard()
    const [saved] = await db()
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.trialRequestId, person.id))
    stripe.cards.setBehaviour(saved!.paymentMethodId!, { declineCode: 'insufficient_funds' })
    const dearer = await newPlan('20.00')
    const answer = await customer.post('/api/account/plan-change', { planId: dearer.id })
    expect(answer.status).toBe(402)
    expect(answer.body.message).toBe('Your card was declined: Your card has insufficient funds.')
    const [failed] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.trialRequestId, person.id), eq(payments.planId, dearer.id)))
    expect(failed).toMatchObject({ status: 'failed' })
    const [row] = await db().select().from(trialRequests).where(eq(trialRequests.id, person.id))
    expect(row!.subscriptionEndDate).toEqual(end)
  })

  it('answers 409 with a pay link when there is no saved card', async () => {
    const { person } = await insertRenewingPerson(db(), { daysLeft: 15, renewal: null })
    const customer = await signedInCustomer(t.server, person)
    const dearer = await newPlan('20.00')
    const answer = await customer.post('/api/account/plan-change', { planId: dearer.id })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toMatch(/no saved card/)
    expect(answer.body.checkoutUrl).toMatch(/^http/)
  })

  it('refuses a plan that is not on sale, naming the field', async () => {
    const { person } = await insertRenewingPerson(db(), { daysLeft: 15 })
    const customer = await signedInCustomer(t.server, person)
    const answer = await customer.post('/api/account/plan-change', {
      planId: crypto.randomUUID(),
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain('planId')
  })
})
