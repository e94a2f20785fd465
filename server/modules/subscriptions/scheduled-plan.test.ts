import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/audit-log'
import { m3uLines } from '../../db/schema/m3u-lines'
import { plans } from '../../db/schema/plans'
import { trialRequests } from '../../db/schema/trial-requests'
import { useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

// Staff's payment (recorded, or a pay link they made) for another plan than the customer's,
// while a period runs, schedules that plan from the period's end (decision 0062): the
// subscription is extended now, the plan and the line's connections change at the end.
describe.each(postgresOnly)('another plan paid to staff, on %s', (kind) => {
  const t = useSupplierServer(kind)
  const db = () => t.server.app.db
  const plan = async (name: string, maxConnections: number) => {
    const [row] = await db()
      .insert(plans)
      .values({
        name: `${name} ${crypto.randomUUID().slice(0, 6)}`,
        price: '10.00',
        currency: 'EUR',
        maxConnections,
      })
      .returning()
    return row!
  }
  const personRow = async (id: string) =>
    (await db().select().from(trialRequests).where(eq(trialRequests.id, id)))[0]!
  const record = (personId: string, planId: string) =>
    t.admin.post(`/api/trial-requests/${personId}/payments`, { planId, months: 1, method: 'cash' })

  it('keeps the current plan until the end, then moves the person and their line onto it', async () => {
    const [basic, family] = [await plan('Basic', 1), await plan('Family', 4)]
    const person = await t.newPerson()
    expect((await t.admin.post(`/api/trial-requests/${person.id}/line`)).status).toBeLessThan(300)
    expect((await record(person.id, basic.id)).status).toBe(201)
    const firstEnd = (await personRow(person.id)).subscriptionEndDate!

    expect((await record(person.id, family.id)).status).toBe(201)
    const scheduled = await personRow(person.id)
    expect(scheduled).toMatchObject({
      paidPlan: basic.name,
      scheduledPaidPlan: family.name,
      scheduledPlanFrom: firstEnd,
    })
    expect(scheduled.subscriptionEndDate!.getTime()).toBeGreaterThan(firstEnd.getTime())
    // Staff and the customer read it as the plan scheduled for the next period.
    const view = await t.admin.get(`/api/people/${person.id}`)
    expect(view.body.renewal.scheduledPlan).toEqual({
      planId: family.id,
      name: family.name,
      from: firstEnd.toISOString(),
    })

    // A run before the end changes nothing; the first after it moves the plan, once.
    await t.admin.post('/api/maintenance/expire-now')
    expect((await personRow(person.id)).paidPlan).toBe(basic.name)
    await t.travel(32)
    await t.admin.post('/api/maintenance/expire-now')
    await t.admin.post('/api/maintenance/expire-now')
    expect(await personRow(person.id)).toMatchObject({
      paidPlan: family.name,
      subscriptionStatus: 'active',
      scheduledPaidPlan: null,
      scheduledPlanFrom: null,
    })
    expect((await t.admin.get(`/api/people/${person.id}`)).body.renewal.scheduledPlan).toBeNull()
    const [line] = await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, person.id))
    expect(line!.maxConnections).toBe(4)
    const started = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'trial_request.scheduled_plan_started'))
    expect(started.filter((entry) => entry.entityId === person.id)).toHaveLength(1)
  })

  it('moves at once when no period runs, as before (decision 0053)', async () => {
    const [basic, family] = [await plan('Basic', 1), await plan('Family', 4)]
    const person = await t.newPerson()
    expect((await record(person.id, basic.id)).status).toBe(201)
    await t.travel(40)
    await t.admin.post('/api/maintenance/expire-now')
    expect((await record(person.id, family.id)).status).toBe(201)
    expect(await personRow(person.id)).toMatchObject({
      paidPlan: family.name,
      scheduledPaidPlan: null,
    })
  })
})
