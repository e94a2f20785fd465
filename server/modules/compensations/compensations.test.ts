import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { revenueMonths } from '../../db/schema/revenue-months'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { withNewEntries } from '../../test/audit-trail'
import { panelLine, useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'
import { runCompensations } from './compensation-run'

const daySeconds = 24 * 60 * 60

describe.each(postgresOnly)('compensation days on %s', (kind) => {
  const t = useSupplierServer(kind)
  const path = (id: string, rest = '') => `/api/trial-requests/${id}${rest}`
  const db = () => t.server.app.db
  const run = () => runCompensations(t.server.app, new AbortController().signal)

  /** A paying customer with their line on the panel; the line's username. */
  async function subscriber() {
    const person = await t.newPerson()
    const line = await t.admin.post(path(person.id, '/line'), {})
    expect(line.status).toBe(201)
    const converted = await t.admin.post(path(person.id, '/convert-to-subscription'), {
      paidPlan: 'Family',
      subscriptionMonths: 3,
      subscriptionPrice: '41.99',
    })
    expect(converted.status).toBe(200)
    return { person, username: line.body.username as string }
  }
  const endOf = async (personId: string) =>
    (await db().select().from(trialRequests).where(eq(trialRequests.id, personId)))[0]!
      .subscriptionEndDate!
  const editsOf = (panelId: string, since: number) =>
    t.supplier.calls
      .slice(since)
      .filter((call) => call.action === 'edit_line' && call.form.get('id') === panelId)
  const compensate = (fields: object = {}) =>
    t.admin.post('/api/lines/compensations', {
      days: 2,
      activeAt: t.now.toISOString(),
      note: 'Supplier outage on Saturday',
      notify: true,
      ...fields,
    })

  it('extends every active paid subscription and its line once, told to each customer', async () => {
    const customers = [await subscriber(), await subscriber(), await subscriber()]
    const trial = await t.newPerson()
    const ends = await Promise.all(customers.map(({ person }) => endOf(person.id)))
    const panelBefore = customers.map(({ username }) => panelLine(t.supplier, username))
    const [revenueBefore] = await db().select().from(revenueMonths)
    const requestId = randomUUID()
    const since = t.supplier.calls.length

    const started = await compensate({ requestId })
    expect(started.status).toBe(202)
    // The same submission again (a retry, a double click) is the same compensation.
    const again = await compensate({ requestId })
    expect(again.status).toBe(202)
    expect(again.body).toEqual({ id: started.body.id })
    const progressPath = `/api/lines/compensations/${started.body.id}`
    const before = await t.admin.get(progressPath)
    expect(before.body).toMatchObject({ status: 'running', done: 0, failed: 0, skipped: 0 })
    expect(before.body.total).toBeGreaterThanOrEqual(3)

    const { entries } = await withNewEntries(db(), run)
    const after = await t.admin.get(progressPath)
    expect(after.body).toMatchObject({ status: 'finished', failed: 0, skipped: 0 })
    expect(after.body.done).toBe(after.body.total)

    for (const [index, { person, username }] of customers.entries()) {
      const end = await endOf(person.id)
      expect(end.getTime() - ends[index]!.getTime()).toBe(2 * daySeconds * 1000)
      const onPanel = panelLine(t.supplier, username)
      expect(Number(onPanel.exp_date) - Number(panelBefore[index]!.exp_date)).toBe(2 * daySeconds)
      expect(editsOf(onPanel.id, since)).toHaveLength(1)
      const messages = await db()
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.trialRequestId, person.id),
            eq(outboxMessages.kind, 'compensation_days'),
          ),
        )
      expect(messages).toEqual([
        expect.objectContaining({
          variables: expect.objectContaining({ daysAdded: '2', endAt: end.toISOString() }),
        }),
      ])
      const actions = entries
        .filter((entry) => entry.entityId === person.id)
        .map((entry) => entry.action)
      expect(actions).toEqual(['trial_request.compensate'])
      // In revenue as a change of no money.
      const [renewal] = await db()
        .select()
        .from(subscriptionRenewals)
        .where(
          and(
            eq(subscriptionRenewals.compensationId, started.body.id),
            eq(subscriptionRenewals.trialRequestId, person.id),
          ),
        )
      expect(renewal).toMatchObject({ days: 2, months: 0, price: '0.00' })
    }
    const [revenueAfter] = await db().select().from(revenueMonths)
    expect(revenueAfter!.amount).toBe(revenueBefore!.amount)
    expect(await endOf(trial.id)).toBeNull()

    // Nothing is left to do: another round (another process) extends nothing again.
    const calls = t.supplier.calls.length
    expect(await run()).toEqual({ compensationsFinished: 0 })
    expect(t.supplier.calls.length).toBe(calls)
  })

  it('never sends the panel more than 5 requests a second', async () => {
    for (let i = 0; i < 3; i++) await subscriber()
    const since = t.supplier.calls.length
    expect((await compensate({ notify: false })).status).toBe(202)
    await run()
    const times = t.supplier.calls.slice(since).map((call) => call.at)
    expect(times.length).toBeGreaterThan(5)
    for (const [index, at] of times.entries()) {
      expect(
        times.filter((other, j) => j >= index && other < at + 1000).length,
      ).toBeLessThanOrEqual(5)
    }
  })

  it('counts a line the panel refuses as failed, its end date kept moved', async () => {
    const { person } = await subscriber()
    const endBefore = await endOf(person.id)
    t.supplier.setCredits(0)
    const started = await compensate({ notify: false, days: 1 })
    await run()
    t.supplier.setCredits(100_000)
    const progress = await t.admin.get(`/api/lines/compensations/${started.body.id}`)
    expect(progress.body.status).toBe('finished')
    expect(progress.body.failed).toBeGreaterThanOrEqual(1)
    expect((await endOf(person.id)).getTime() - endBefore.getTime()).toBe(daySeconds * 1000)
  })

  it('refuses days outside 1–30 and a time not given as ISO, naming the field', async () => {
    for (const [fields, field] of [
      [{ days: 0 }, 'days'],
      [{ days: 31 }, 'days'],
      [{ activeAt: 'yesterday' }, 'activeAt'],
      [{ notify: 'yes' }, 'notify'],
    ] as const) {
      const answer = await compensate(fields)
      expect(answer.status).toBe(400)
      expect(JSON.stringify(answer.body)).toContain(field)
    }
    const future = new Date(t.now.getTime() + 60_000).toISOString()
    expect((await compensate({ activeAt: future })).status).toBe(400)
    expect((await t.admin.get(`/api/lines/compensations/${randomUUID()}`)).status).toBe(404)
  })
})
