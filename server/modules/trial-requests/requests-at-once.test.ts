import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { createClient } from '../../test/http-client'
import { databaseKinds, startTestServer, type TestServer } from '../../test/test-server'
import { keepSubscriptionMetricsCurrent } from '../business-metrics/subscription-metrics.service'

const form = (email: string) => ({ firstName: 'Nora', lastName: 'Quinn', email, plan: 'Starter' })

/** Issue 41, item 7: trial requests posted at once never answer 500. */
describe.each(databaseKinds)('trial requests posted at once on %s', (kind) => {
  let server: TestServer
  // One visitor each, from its own network: only the rules a test means apply.
  let visitor = 0
  const post = (email: string) =>
    createClient(server.baseUrl, { 'x-forwarded-for': `198.51.100.${++visitor}` }).post(
      '/api/trial-requests',
      form(email),
    )

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } })
    // The owner's figures kept, as in production: each new request counts in a month's sums.
    await keepSubscriptionMetricsCurrent(server.app.db)
  })
  afterAll(() => server.close())

  it('stores each of 3 requests posted at once, rounds on end', async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [0, 1, 2].map((i) => post(`at-once-${round}-${i}@example.com`)),
      )
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    }
  })
})

describe('a trial request caught in a lock cycle on PostgreSQL', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('postgres')
    await keepSubscriptionMetricsCurrent(server.app.db)
  })
  afterAll(() => server.close())

  /** Whether some statement waits for a lock another transaction holds. */
  async function isAnyoneWaiting(): Promise<boolean> {
    const [locks] = await queryRows<{ waiting: number }>(
      server.app.db,
      sql`select count(*)::int as waiting from pg_locks where not granted`,
    )
    return locks!.waiting > 0
  }

  it('is tried again and stored, never answered 500', async () => {
    const post = (email: string) =>
      createClient(server.baseUrl).post('/api/trial-requests', form(email))
    // This month's figures and the status count exist: the next request updates both rows.
    expect((await post('first-of-month@example.com')).status).toBe(201)

    // Another transaction takes the status count, then the month's sums, as settling a payment
    // does (the person's new status, then the payment's figures). Before migration 0037 a new
    // request took them the other way round and one of the two was aborted: "deadlock detected".
    const { pool } = server.database as { pool: pg.Pool }
    const other = await pool.connect()
    try {
      await other.query('begin')
      await other.query('update subscription_status_counts set count = count')
      const caught = post('caught-in-a-cycle@example.com')
      await expect.poll(isAnyoneWaiting, { timeout: 10_000 }).toBe(true)
      // The request waits for the count; taking the month's row must not close a cycle.
      await other.query('update business_metric_months set trials_started = trials_started')
      await other.query('commit')
      const answer = await caught
      expect(answer.status).toBe(201)
    } finally {
      other.release()
    }
    const [stored] = await queryRows<{ stored: number }>(
      server.app.db,
      sql`select count(*)::int as stored from trial_requests where email = 'caught-in-a-cycle@example.com'`,
    )
    expect(stored!.stored).toBe(1)
  })
})
