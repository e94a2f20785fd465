import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { insertPayment } from '../../test/payment-fixtures'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import type { Db } from '../../db/client'

const now = new Date('2025-03-10T12:00:00Z')

/** One person with their paid periods: [start, end, amount in cents, months]. */
async function payer(db: Db, periods: [string, string, number, number][]) {
  const person = await insertTrialRequest(db, { createdAt: new Date('2025-01-01T00:00:00Z') })
  for (const [start, end, amountMinor, months] of periods) {
    await insertPayment(db, {
      trialRequestId: person.id,
      months,
      currency: 'EUR',
      amountMinor,
      listAmountMinor: Math.max(amountMinor, 1000),
      discountMinor: Math.max(1000 - amountMinor, 0),
      paidAt: new Date(start),
      periodStart: new Date(start),
      newEnd: new Date(end),
    })
  }
}

describe.each(databaseKinds)('MRR at a moment inside a month on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => now })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const db = server.app.db
    // Paid until the 20th of this month, not renewed (yet): paying now, churned at its end.
    await payer(db, [['2025-02-20T00:00:00Z', '2025-03-20T00:00:00Z', 1000, 1]])
    // A year at 120.00: 10.00 a month, now and at the month's end.
    await payer(db, [['2025-01-31T00:00:00Z', '2026-01-31T00:00:00Z', 12000, 12]])
    // Ended on the 1st: paying neither now nor at the month's end.
    await payer(db, [['2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z', 1000, 1]])
    // Starts on the 15th: not yet paying now, paying at the month's end.
    await payer(db, [['2025-03-15T00:00:00Z', '2025-04-15T00:00:00Z', 2000, 1]])
    // Free with a full discount: a period running, but no money a month.
    await payer(db, [['2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z', 0, 1]])
    // Renewed on the 5th: one person at 15.00, counted once.
    await payer(db, [
      ['2025-02-05T00:00:00Z', '2025-03-05T00:00:00Z', 1500, 1],
      ['2025-03-05T00:00:00Z', '2025-04-05T00:00:00Z', 1500, 1],
    ])
  })
  afterAll(() => server.close())

  it('counts the people whose paid period runs at this moment, not at the month’s end', async () => {
    const { status, body } = await admin.get('/api/metrics/subscriptions?from=2025-02&to=2025-03')
    expect(status).toBe(200)
    expect(body.now).toEqual({ at: now.toISOString(), mrr: '35.00', payingCustomers: 3 })
    // The month in progress, valued at its end, already counts the first payer as churned.
    expect(body.currentMonth).toBe('2025-03')
    expect(body.months[1]).toMatchObject({
      month: '2025-03',
      mrr: '45.00',
      payingCustomers: 3,
      churnedCustomers: 2,
    })
  })

  it('answers the moment whatever months are asked for', async () => {
    const { body } = await admin.get('/api/metrics/subscriptions?from=2024-01&to=2024-02')
    expect(body.now).toEqual({ at: now.toISOString(), mrr: '35.00', payingCustomers: 3 })
    expect(body.currentMonth).toBe('2025-03')
  })
})
