import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '../../db/schema/notifications'
import { panelCalls } from '../../db/schema/panel-calls'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { postgresOnly } from '../../test/test-server'

const day = 24 * 60 * 60 * 1000
const supportEmail = 'help@streamline.test'
const platform = { trialDurationHours: 24, maxConcurrentStreams: 2, timeZone: 'UTC' }

describe.each(postgresOnly)('credits foreseen on %s', (kind) => {
  const t = useMailServer(kind, { SUPPORT_EMAIL: supportEmail })
  const status = async () => (await t.admin.get('/api/supplier/status')).body
  const sync = async () => expect((await t.admin.post('/api/supplier/sync', {})).status).toBe(200)
  const alerts = async () =>
    t.server.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'supplier_credits_low'))
  const alertMails = async () => (await t.flush(), await t.messagesTo(supportEmail))

  /** A balance the panel answered `daysAgo` days ago, as the ledger keeps it. */
  const reading = (daysAgo: number, credits: number) =>
    t.server.app.db.insert(panelCalls).values({
      action: 'user_info',
      outcome: 'STATUS_SUCCESS',
      httpStatus: 200,
      durationMs: 5,
      actor: 'system',
      credits,
      at: new Date(t.now.getTime() - daysAgo * day),
    })

  it('shows the balance, the daily rate over 30 days and the days left', async () => {
    await reading(40, 5_000) // outside the 30 days: not counted
    await reading(10, 1_000)
    await reading(5, 900)
    t.supplier.setCredits(800)
    // 200 spent over the 10 days of readings: 20 a day, and 800 last 40 days.
    expect(await status()).toMatchObject({
      credits: 800,
      dailySpend: 20,
      daysLeft: 40,
      creditAlert: false,
    })
  })

  it('tells the admins once per fall, by notification and e-mail, below the days set', async () => {
    t.supplier.setCredits(100)
    await sync() // 900 spent in 10 days: 90 a day, about 1 day left
    expect(await status()).toMatchObject({ daysLeft: 1, creditAlert: true })
    await sync()
    expect(await alerts()).toHaveLength(1)
    expect((await alerts())[0]!.body).toContain('about 1 days at the current rate')
    expect(await alertMails()).toEqual([
      expect.objectContaining({ kind: 'supplier_credits_low', status: 'sent' }),
    ])

    // Topped up: recovered, and no word of it. Then a new fall: told again.
    t.supplier.setCredits(1_000_000)
    await sync()
    expect((await status()).creditAlert).toBe(false)
    t.supplier.setCredits(5)
    await sync()
    expect(await alerts()).toHaveLength(2)
    expect(await alertMails()).toHaveLength(2)
  })

  it('holds new trials with "not enough credits" instead of failing at the panel', async () => {
    const saved = await t.admin.put('/api/settings/platform', {
      ...platform,
      autoStartTrials: true,
    })
    expect(saved.status).toBe(200)
    const creates = () => t.supplier.calls.filter((call) => call.action === 'create_line').length
    const before = creates()
    const answer = await createClient(t.server.baseUrl).post('/api/trial-requests', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'held.ada@example.com',
      plan: 'Starter',
      clientRequestId: randomUUID(),
    })
    expect(answer.status).toBe(201)
    await t.flush()
    const autopilot = async () =>
      (await t.admin.get(`/api/trial-requests/${answer.body.id}/autopilot`)).body
    expect(await autopilot()).toMatchObject({ status: 'queued', lastError: 'not enough credits' })
    expect(creates()).toBe(before)

    t.supplier.setCredits(100_000_000)
    await sync()
    t.advance(60_000)
    await t.flush()
    expect(await autopilot()).toMatchObject({ status: 'started' })
    expect(creates()).toBe(before + 1)
  })
})
