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
})
