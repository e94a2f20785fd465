import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema/audit-log'
import { m3uLines } from '../db/schema/m3u-lines'
import { withNewEntries } from '../test/audit-trail'
import { panelLine, useSupplierServer } from '../test/supplier-server'
import { databaseKinds } from '../test/test-server'
import { expireSubscriptions } from '../modules/subscriptions/expire-subscriptions'
import { panelLinesRound } from '../modules/m3u/panel-rounds'

const hour = 60 * 60 * 1000

describe.each(databaseKinds)('the expiry job and the panel on %s', (kind) => {
  const t = useSupplierServer(kind)
  /** What the scheduled job does each minute. */
  const runJob = async () => {
    await expireSubscriptions(t.server.app.db, t.now)
    return panelLinesRound(t.server.app)
  }
  const setGrace = (gracePeriodDays: number) =>
    t.admin.put('/api/settings/supplier', {
      packageId: '3',
      gracePeriodDays,
      creditAlertThreshold: 10,
    })
  const personWithLine = async (paid = false) => {
    const person = await t.newPerson()
    if (paid) {
      await t.admin.post(`/api/trial-requests/${person.id}/convert-to-subscription`, {
        paidPlan: 'Starter',
        subscriptionMonths: 1,
        subscriptionPrice: '9.99',
      })
    }
    const line = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    expect(line.status).toBe(201)
    return line.body as { id: string; username: string; supplierLineId: string; expiresAt: string }
  }
  /** Days from the clock to `hours` past an instant. */
  const daysUntil = (iso: string, hours: number) =>
    (new Date(iso).getTime() + hours * hour - t.now.getTime()) / (24 * hour)
  const isEnabledOnPanel = (username: string) => panelLine(t.supplier, username).enabled === '1'
  const disables = (line: { supplierLineId: string }) =>
    t.supplier.calls.filter(
      (call) => call.action === 'disable_line' && call.form.get('id') === line.supplierLineId,
    ).length

  it('disables the lines of ended trials and subscriptions once the grace period is over', async () => {
    await setGrace(2)
    const trial = await personWithLine()
    const paid = await personWithLine(true)

    // The trial ended a day and a half ago: within the two days of grace.
    await t.travel(daysUntil(trial.expiresAt, 36))
    await runJob()
    expect(isEnabledOnPanel(trial.username)).toBe(true)
    await t.travel(daysUntil(trial.expiresAt, 49))
    const { entries } = await withNewEntries(t.server.app.db, runJob)
    expect(isEnabledOnPanel(trial.username)).toBe(false)
    expect(isEnabledOnPanel(paid.username)).toBe(true)
    expect(entries.filter((entry) => entry.action === 'm3u_line.disable_expired')).toEqual([
      expect.objectContaining({ actorUsername: 'system', entityId: trial.id }),
    ])

    await t.travel(daysUntil(paid.expiresAt, 47))
    await runJob()
    expect(isEnabledOnPanel(paid.username)).toBe(true)
    await t.travel(daysUntil(paid.expiresAt, 49))
    await runJob()
    expect(isEnabledOnPanel(paid.username)).toBe(false)
    await runJob()
    expect([disables(trial), disables(paid)]).toEqual([1, 1])
    await setGrace(0)
  })

  it('retries with a growing delay while the panel is down', async () => {
    const line = await personWithLine()
    await t.travel(1.1)
    t.supplier.setMode('server-error')
    const first = await runJob()
    expect(first).toMatchObject({ linesDisabled: 1, linesPending: 1 })
    const pending = async () =>
      (await t.server.app.db.select().from(m3uLines).where(eq(m3uLines.id, line.id)))[0]!
    const afterFirst = await pending()
    expect(afterFirst).toMatchObject({ isEnabled: false, pushAttempts: 1 })
    // Steps of 1 min, then 2, each wait between half and all of its step (common/backoff.ts).
    const waitOf = (row: { nextPushAt: Date | null }) => row.nextPushAt!.getTime() - t.now.getTime()
    expect(waitOf(afterFirst)).toBeGreaterThanOrEqual(30_000)
    expect(waitOf(afterFirst)).toBeLessThanOrEqual(60_000)

    t.now = new Date(afterFirst.nextPushAt!.getTime())
    await runJob()
    const afterSecond = await pending()
    expect(afterSecond.pushAttempts).toBe(2)
    expect(waitOf(afterSecond)).toBeGreaterThanOrEqual(60_000)
    expect(waitOf(afterSecond)).toBeLessThanOrEqual(2 * 60_000)

    t.supplier.setMode('ok')
    t.now = new Date(t.now.getTime() + 30_000)
    await runJob()
    expect(isEnabledOnPanel(line.username)).toBe(true)
    t.now = new Date(afterSecond.nextPushAt!.getTime())
    await runJob()
    expect(isEnabledOnPanel(line.username)).toBe(false)
    expect(await pending()).toMatchObject({ pushAttempts: 0, panelError: null })
  })

  it('disables each line once when several runners go at the same moment', async () => {
    const lines = [await personWithLine(), await personWithLine(), await personWithLine()]
    await t.travel(1.1)
    await expireSubscriptions(t.server.app.db, t.now)
    const rounds = await Promise.all([1, 2, 3].map(() => panelLinesRound(t.server.app)))
    expect(rounds.reduce((sum, round) => sum + round.linesDisabled, 0)).toBe(3)
    expect(lines.map(disables)).toEqual([1, 1, 1])
  })

  it('disables lines from Maintenance’s Expire now, in the admin’s name', async () => {
    const line = await personWithLine()
    await t.travel(daysUntil(line.expiresAt, 1))
    const { result, entries } = await withNewEntries(t.server.app.db, () =>
      t.admin.post('/api/maintenance/expire-now'),
    )
    expect(result.body).toMatchObject({ trialsExpired: 1, linesDisabled: 1, skipped: false })
    expect(isEnabledOnPanel(line.username)).toBe(false)
    const [entry] = await t.server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'm3u_line.disable_expired'), eq(auditLog.entityId, line.id)))
    expect(entry).toMatchObject({ actorUsername: 'owner' })
    expect(entries.map((e) => e.action)).toContain('maintenance.expire_now')
  })
})
