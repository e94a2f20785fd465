import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SubscriptionMetrics } from '../../../common/business-metrics'
import type { Db } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { renewalAttempts } from '../../db/schema/renewal-attempts'
import { createClient } from '../../test/http-client'
import { insertPayment, insertPlan } from '../../test/payment-fixtures'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

const now = new Date('2025-03-10T12:00:00Z')
const at = (iso: string) => new Date(`${iso}T00:00:00Z`)

/** A person who paid a month from `start` to `end`, 10.00 EUR, for `planId`. */
async function payer(db: Db, start: string, end: string, planId: string | null = null) {
  const person = await insertTrialRequest(db, {
    createdAt: at('2025-01-01'),
    subscriptionEndDate: at(end),
  })
  await insertPayment(db, {
    trialRequestId: person.id,
    planId,
    currency: 'EUR',
    amountMinor: 1000,
    listAmountMinor: 1000,
    paidAt: at(start),
    periodStart: at(start),
    newEnd: at(end),
  })
  return person
}

/** The renewal of the period ending `end`, in `status`, with one declined attempt. */
async function declinedRenewal(
  db: Db,
  personId: string,
  end: string,
  fields: Parameters<typeof insertPayment>[1] = {},
) {
  const renewal = await insertPayment(db, {
    trialRequestId: personId,
    currency: 'EUR',
    amountMinor: 1000,
    listAmountMinor: 1000,
    provider: 'stripe',
    method: null,
    kind: 'renewal',
    renewsPeriodEnd: at(end),
    status: 'pending',
    ...fields,
  })
  await db.insert(renewalAttempts).values({
    paymentId: renewal.id,
    number: 1,
    attemptedAt: at(end),
    outcome: 'declined',
    code: 'insufficient_funds',
  })
  return renewal
}

// The owner's renewal figures: failed and recovered renewals, churn split by whether the card
// failed, and the renewals due in the next 30 days.
describe.each(databaseKinds)('renewals in the owner’s numbers on %s', (kind) => {
  let server: TestServer
  let body: SubscriptionMetrics

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => now })
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const db = server.app.db
    const monthly = await insertPlan(db, { name: 'Monthly', price: '12.50', currency: 'EUR' })
    const cheaper = await insertPlan(db, { name: 'Basic', price: '5.00', currency: 'EUR' })

    // A card declined through every retry: the renewal failed, the customer left in February.
    const declined = await payer(db, '2025-01-01', '2025-02-01')
    await declinedRenewal(db, declined.id, '2025-02-01', { status: 'failed' })
    // Turned renewal off and left in February: churn by choice.
    const leaver = await payer(db, '2025-01-01', '2025-02-01')
    await db.insert(autoRenewals).values({
      trialRequestId: leaver.id,
      autoRenew: false,
      status: 'off',
      turnedOffBy: 'customer',
      turnedOffAt: at('2025-01-20'),
    })
    // Declined once, then paid on the 3rd of February: recovered, still paying.
    const saved = await payer(db, '2025-01-01', '2025-02-01')
    await declinedRenewal(db, saved.id, '2025-02-01', {
      status: 'paid',
      paidAt: at('2025-02-03'),
      periodStart: at('2025-02-03'),
      newEnd: at('2025-03-03'),
    })

    // Due within 30 days: on its last paid plan (12.50), and on a cheaper one scheduled (5.00).
    const soon = await payer(db, '2025-02-20', '2025-03-20', monthly.id)
    const downgrading = await payer(db, '2025-03-01', '2025-04-01', monthly.id)
    // Not counted: ending in 40 days, renewal off, ended already.
    const later = await payer(db, '2025-03-10', '2025-04-19', monthly.id)
    const off = await payer(db, '2025-03-01', '2025-03-30', monthly.id)
    const over = await payer(db, '2025-02-01', '2025-03-01', monthly.id)
    const choice = (personId: string, autoRenew = true, scheduledPlanId: string | null = null) => ({
      trialRequestId: personId,
      autoRenew,
      status: autoRenew ? ('active' as const) : ('off' as const),
      scheduledPlanId,
    })
    await db
      .insert(autoRenewals)
      .values([
        choice(soon.id),
        choice(downgrading.id, true, cheaper.id),
        choice(later.id),
        choice(off.id, false),
        choice(over.id),
      ])

    const answer = await admin.get<SubscriptionMetrics>(
      '/api/metrics/subscriptions?from=2025-01&to=2025-03',
    )
    expect(answer.status).toBe(200)
    body = answer.body
  })
  afterAll(() => server.close())

  const month = (name: string) => body.months.find((m) => m.month === name)!

  it('counts a renewal that failed and one paid after a decline, in their months', () => {
    expect(month('2025-02')).toMatchObject({ failedRenewals: 1, recoveredRenewals: 1 })
    expect(month('2025-01')).toMatchObject({ failedRenewals: 0, recoveredRenewals: 0 })
  })

  it('splits churn: a failed card is involuntary, every other ending by choice', () => {
    const february = month('2025-02')
    expect(february.involuntaryChurnedCustomers).toBe(1)
    expect(february.voluntaryChurnedCustomers).toBe(february.churnedCustomers - 1)
    expect(february.churnedCustomers).toBeGreaterThanOrEqual(2)
    for (const m of body.months) {
      expect(m.voluntaryChurnedCustomers + m.involuntaryChurnedCustomers).toBe(m.churnedCustomers)
    }
  })

  it('adds the renewals due in 30 days at the price of the plan each renews on', () => {
    expect(body.upcomingRenewals).toEqual({ count: 2, amount: '17.50' })
  })

  it('gives the figures in the CSV too', async () => {
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const csv = await admin.get<string>('/api/metrics/subscriptions.csv?from=2025-02&to=2025-02')
    expect(csv.body).toContain('failedRenewals')
    expect(csv.body).toContain('involuntaryChurnedCustomers')
  })
})

// A renewal on another plan (a scheduled cheaper plan, or staff's payment for another plan) is a
// new period of that plan from the old end: the month it starts counts the change in MRR as
// expansion or contraction, the customer never churned.
describe.each(databaseKinds)('a plan change at renewal in the owner’s numbers on %s', (kind) => {
  let server: TestServer
  let months: SubscriptionMetrics['months']

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => now })
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const db = server.app.db
    const renewedAt = async (amountMinor: number, renewalMinor: number) => {
      const person = await insertTrialRequest(db, { createdAt: at('2024-12-01') })
      const period = (start: string, end: string, amount: number, fields = {}) =>
        insertPayment(db, {
          trialRequestId: person.id,
          currency: 'EUR',
          amountMinor: amount,
          listAmountMinor: amount,
          paidAt: at(start),
          periodStart: at(start),
          newEnd: at(end),
          ...fields,
        })
      await period('2024-12-15', '2025-01-15', amountMinor)
      await period('2025-01-15', '2025-02-15', renewalMinor, {
        kind: 'renewal',
        provider: 'stripe',
        method: null,
        renewsPeriodEnd: at('2025-01-15'),
      })
    }
    await renewedAt(1000, 2500) // up: +15.00
    await renewedAt(2000, 500) // down: −15.00
    const answer = await admin.get<SubscriptionMetrics>(
      '/api/metrics/subscriptions?from=2025-01&to=2025-01',
    )
    months = answer.body.months
  })
  afterAll(() => server.close())

  it('counts the dearer plan as expansion and the cheaper one as contraction, no churn', () => {
    expect(months[0]).toMatchObject({
      month: '2025-01',
      expansionMrr: '15.00',
      contractionMrr: '-15.00',
      churnedCustomers: 0,
      payingCustomers: 2,
    })
  })
})
