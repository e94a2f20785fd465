import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentRefunds } from '../../db/schema/payment-refunds'
import { payments } from '../../db/schema/payments'
import { createClient } from '../../test/http-client'
import { generateHistory, type HistoryPerson } from '../../test/metrics-history'
import { recountMetrics } from '../../test/metrics-recount'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import type { Db } from '../../db/client'

/** Writes the history as the settle step and refunds would have left it. */
async function storeHistory(db: Db, history: HistoryPerson[]) {
  for (const person of history) {
    const row = await insertTrialRequest(db, {
      createdAt: person.trialAt,
      importedAt: person.isImported ? person.trialAt : null,
    })
    if (person.payments.length === 0) continue
    const stored = await db
      .insert(payments)
      .values(
        person.payments.map((payment) => {
          const refunded = payment.refunds.reduce((sum, r) => sum + r.amountMinor, 0)
          return {
            trialRequestId: row.id,
            planName: 'Premium',
            months: payment.months,
            amountMinor: payment.amountMinor,
            listAmountMinor: payment.amountMinor,
            currency: 'EUR',
            provider: 'manual' as const,
            method: 'cash' as const,
            status:
              refunded === 0
                ? ('paid' as const)
                : refunded < payment.amountMinor
                  ? ('partially_refunded' as const)
                  : ('refunded' as const),
            refundedMinor: refunded,
            paidAt: payment.paidAt,
            periodStart: payment.start,
            newEnd: payment.end,
            createdAt: payment.paidAt,
          }
        }),
      )
      .returning({ id: payments.id })
    const refunds = person.payments.flatMap((payment, index) =>
      payment.refunds.map((refund) => ({
        paymentId: stored[index]!.id,
        amountMinor: refund.amountMinor,
        reason: 'asked for it',
        refundedAt: refund.at,
        createdAt: refund.at,
      })),
    )
    if (refunds.length > 0) await db.insert(paymentRefunds).values(refunds)
  }
  // A refund still being asked of its provider is no money back yet.
  const [first] = await db.select({ id: payments.id }).from(payments).limit(1)
  await db.insert(paymentRefunds).values({ paymentId: first!.id, amountMinor: 1, reason: 'asking' })
}

describe.each(databaseKinds)('the owner’s numbers equal a recount on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const history = generateHistory(
    kind === 'pglite' ? 33 : 34,
    90,
    new Date('2023-10-01T00:00:00Z'),
    new Date('2025-09-30T00:00:00Z'),
  )

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => new Date('2025-10-15T12:00:00Z') })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    // Read once first: the sums are built while empty, and the history is kept by the triggers.
    expect((await admin.get('/api/metrics/subscriptions?from=2023-01&to=2023-01')).status).toBe(200)
    await storeHistory(server.app.db, history)
  })
  afterAll(() => server.close())

  const expectRecount = async (from: string, to: string, timeZone: string) => {
    const { status, body } = await admin.get(`/api/metrics/subscriptions?from=${from}&to=${to}`)
    expect(status).toBe(200)
    expect(body.timeZone).toBe(timeZone)
    expect(body.months).toEqual(recountMetrics(history, from, to, timeZone))
  }

  it('the history covers every kind of movement', () => {
    const months = recountMetrics(history, '2023-10', '2025-12', 'UTC')
    for (const field of ['newMrr', 'expansionMrr', 'reactivationMrr', 'refunds'] as const) {
      expect(
        months.some((month) => month[field] !== '0.00'),
        field,
      ).toBe(true)
    }
    expect(months.some((month) => month.contractionMrr.startsWith('-'))).toBe(true)
    expect(months.some((month) => month.churnedMrr.startsWith('-'))).toBe(true)
    expect(history.some((person) => person.payments.some((p) => p.months === 12))).toBe(true)
  })

  it('agrees month by month in UTC, over the whole history and over a window of it', async () => {
    await expectRecount('2023-09', '2025-12', 'UTC')
    await expectRecount('2024-11', '2025-02', 'UTC')
  })

  it('counts calendar months in the business time zone', async () => {
    const { body: platform } = await admin.get('/api/settings/platform')
    const saved = await admin.put('/api/settings/platform', {
      ...platform,
      timeZone: 'America/New_York',
    })
    expect(saved.status).toBe(200)
    await expectRecount('2024-01', '2025-10', 'America/New_York')
    await admin.put('/api/settings/platform', { ...platform, timeZone: 'Asia/Kolkata' })
    await expectRecount('2024-02', '2024-04', 'Asia/Kolkata')
  })

  it('keeps every figure equal to a full recount as payments, refunds and trials change', async () => {
    const db = server.app.db
    const whole = '/api/metrics/subscriptions?from=2023-09&to=2025-12'
    // Prices corrected, a refund the provider confirmed late at night on a month's last day,
    // people deleted (their money stays, each payment its own person), a trial started.
    await db.execute(sql`
      update payments set amount_minor = amount_minor + 101, list_amount_minor = list_amount_minor + 101
      where id in (select id from payments order by id limit 25)`)
    await db.execute(sql`
      update payment_refunds set refunded_at = '2025-03-31T23:30:00Z' where refunded_at is null`)
    await db.execute(sql`
      delete from trial_requests where id in (
        select trial_request_id from payments where trial_request_id is not null
        order by trial_request_id limit 6)`)
    await db.execute(sql`delete from trial_requests where id in (
      select t.id from trial_requests t where not exists (
        select 1 from payments p where p.trial_request_id = t.id) order by t.id limit 3)`)
    await insertTrialRequest(db, { createdAt: new Date('2025-06-30T22:00:00Z') })
    const kept = await admin.get(whole)

    await db.execute(sql`update business_metric_state set time_zone = 'recount me'`)
    const recounted = await admin.get(whole)
    expect(kept.body.months).toEqual(recounted.body.months)
    expect(kept.body.months).not.toEqual(
      recountMetrics(history, '2023-09', '2025-12', kept.body.timeZone),
    )
  })
})
