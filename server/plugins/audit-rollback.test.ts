import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { plans } from '../db/schema/plans'
import { supportTickets } from '../db/schema/support-tickets'
import { trialRequests } from '../db/schema/trial-requests'
import { users } from '../db/schema/users'
import { databaseKinds, useAdminServer } from '../test/test-server'
import { insertTrialRequest } from '../test/trial-fixtures'

const refusal = 'the audit log refuses this entry'

describe.each(databaseKinds)('a change whose audit entry cannot be written on %s', (kind) => {
  const t = useAdminServer(kind)
  const ids = { plan: '', admin: '', ticket: '', trial: '' }

  beforeAll(async () => {
    const plan = await t.admin.post('/api/plans', { name: 'Kept', price: '9.99' })
    const admin = await t.admin.post('/api/admin/users', {
      username: 'kept.admin',
      password: 'violet-harbour-4271',
    })
    const ticket = await t.admin.post('/api/support-tickets', {
      customerName: 'Ada',
      customerEmail: 'ada@example.com',
      subject: 'Kept',
      description: 'Still open',
    })
    const overdue = await insertTrialRequest(t.server.app.db, {
      createdAt: new Date(Date.now() - 72 * 60 * 60 * 1000),
    })
    Object.assign(ids, {
      plan: plan.body.id,
      admin: admin.body.id,
      ticket: ticket.body.id,
      trial: overdue.id,
    })
    // Stands in for a full disk or a lost connection at the moment the entry is written.
    await t.server.app.db.execute(
      sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$
        begin raise exception '${refusal}'; end $$`),
    )
    await t.server.app.db.execute(
      sql.raw(`create trigger refuse_audit before insert on audit_log
        for each row execute function refuse_audit()`),
    )
  })

  const select = <T>(query: Promise<T[]>) => query.then((rows) => rows[0])
  const cases = [
    {
      name: 'a plan created',
      call: () => t.admin.post('/api/plans', { name: 'Lost', price: '1.00' }),
      state: () => select(t.server.app.db.select().from(plans).where(eq(plans.name, 'Lost'))),
    },
    {
      name: 'a plan changed',
      call: () => t.admin.put(`/api/plans/${ids.plan}`, { name: 'Renamed', price: '1.00' }),
      state: async () =>
        (await select(t.server.app.db.select().from(plans).where(eq(plans.id, ids.plan))))?.name,
    },
    {
      name: 'an admin created',
      call: () =>
        t.admin.post('/api/admin/users', {
          username: 'lost.admin',
          password: 'violet-harbour-4271',
        }),
      state: () =>
        select(t.server.app.db.select().from(users).where(eq(users.username, 'lost.admin'))),
    },
    {
      name: 'an admin deleted',
      call: () => t.admin.delete(`/api/admin/users/${ids.admin}`),
      state: async () =>
        (await select(t.server.app.db.select().from(users).where(eq(users.id, ids.admin))))?.id,
    },
    {
      name: 'a ticket updated',
      call: () => t.admin.patch(`/api/support-tickets/${ids.ticket}`, { status: 'closed' }),
      state: async () =>
        (
          await select(
            t.server.app.db.select().from(supportTickets).where(eq(supportTickets.id, ids.ticket)),
          )
        )?.status,
    },
    {
      name: 'trials expired on demand',
      call: () => t.admin.post('/api/maintenance/expire-now'),
      state: async () =>
        (
          await select(
            t.server.app.db.select().from(trialRequests).where(eq(trialRequests.id, ids.trial)),
          )
        )?.subscriptionStatus,
    },
  ]

  it.each(cases)('undoes $name and answers 5xx without details', async ({ call, state }) => {
    const before = await state()
    const answer = await call()
    expect(answer.status).toBeGreaterThanOrEqual(500)
    expect(Object.keys(answer.body)).toEqual(['message'])
    expect(JSON.stringify(answer.body)).not.toContain(refusal)
    expect(await state()).toEqual(before)
  })

  it('answers 503 when only the entry failed', async () => {
    const answer = await t.admin.post('/api/plans', { name: 'Lost', price: '1.00' })
    expect(answer.status).toBe(503)
  })

  it('makes the same changes once entries can be written again', async () => {
    await t.server.app.db.execute(sql.raw('drop trigger refuse_audit on audit_log'))
    const expired = await t.admin.post('/api/maintenance/expire-now')
    expect(expired.body).toMatchObject({ trialsExpired: 1, skipped: false })
    expect((await t.admin.delete(`/api/admin/users/${ids.admin}`)).status).toBe(204)
  })
})
