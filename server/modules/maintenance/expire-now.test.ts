import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { advisoryLockIds } from '../../db/advisory-locks'
import { withNewEntries } from '../../test/audit-trail'
import type { TestResponse } from '../../test/http-client'
import { databaseKinds, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000)
const outcomeOf = (answer: TestResponse) => (answer.body.skipped ? 'skipped' : 'completed')

describe.each(databaseKinds)('expire now on %s', (kind) => {
  const t = useAdminServer(kind)
  const expireNow = (times: number) =>
    withNewEntries(t.server.app.db, () =>
      Promise.all(Array.from({ length: times }, () => t.admin.post('/api/maintenance/expire-now'))),
    )

  it('records each of many concurrent calls as the run or the skip it answered', async () => {
    await insertTrialRequest(t.server.app.db, { createdAt: daysAgo(3) })
    const { result: answers, entries } = await expireNow(6)
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200))
    const calls = entries.filter((entry) => entry.action === 'maintenance.expire_now')
    expect(calls.map((entry) => entry.details?.outcome).sort()).toEqual(
      answers.map(outcomeOf).sort(),
    )
    expect(answers.reduce((sum, answer) => sum + answer.body.trialsExpired, 0)).toBe(1)
    expect(entries.filter((entry) => entry.action === 'trial_request.trial_expired')).toHaveLength(
      1,
    )
  })

  // PGlite is one connection: no second process can hold the job's lock there.
  if (kind === 'postgres')
    it('records calls made while another process runs the job as skipped, not as runs', async () => {
      const trial = await insertTrialRequest(t.server.app.db, { createdAt: daysAgo(3) })
      const { pool } = t.server.database as { pool: pg.Pool }
      const otherRunner = await pool.connect()
      try {
        await otherRunner.query('begin')
        await otherRunner.query('select pg_advisory_xact_lock($1)', [
          advisoryLockIds.subscriptionExpiry,
        ])
        const { result: answers, entries } = await expireNow(3)
        expect(answers.map((answer) => answer.body)).toEqual(
          Array(3).fill({
            trialsExpired: 0,
            subscriptionsExpired: 0,
            skipped: true,
            linesDisabled: 0,
            trialsStarted: 0,
            paymentsSettled: 0,
            paymentsHeld: 0,
            paymentsClosed: 0,
            renewalsCharged: 0,
            renewalsDeclined: 0,
            messagesSent: 0,
          }),
        )
        expect(entries.map(({ action, details }) => ({ action, details }))).toEqual(
          Array(3).fill({ action: 'maintenance.expire_now', details: { outcome: 'skipped' } }),
        )
      } finally {
        await otherRunner.query('rollback')
        otherRunner.release()
      }
      const { result, entries } = await expireNow(1)
      expect(result[0]!.body).toMatchObject({ trialsExpired: 1, skipped: false })
      expect(entries.map(({ action, entityId }) => `${action} ${entityId}`).sort()).toEqual([
        'maintenance.expire_now null',
        `trial_request.trial_expired ${trial.id}`,
      ])
    })
})
