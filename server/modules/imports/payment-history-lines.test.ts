import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { m3uLines } from '../../db/schema/m3u-lines'
import { plans } from '../../db/schema/plans'
import { trialRequests } from '../../db/schema/trial-requests'
import { leaseMs } from '../../lib/lease'
import { publicUrl, useMailServer } from '../../test/mail-server'
import { panelSeconds } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'
import { leftLinesRound } from '../m3u/panel-rounds'

const header = 'email,firstName,lastName,plan,months,amount,currency,paidAt,method,reference'
const day = 24 * 60 * 60_000
const platform = { trialDurationHours: 24, maxConcurrentStreams: 2, timeZone: 'UTC' }

// Issue 44, item 4: "an imported paying customer with an active period is offered a line (made
// by the autopilot when on, else listed as 'needs a line') instead of 'No line yet · Pending'",
// and imported history itself still tells nobody anything.
describe.each(postgresOnly)('lines for an imported history, on %s', (kind) => {
  const t = useMailServer(kind)
  const db = () => t.server.app.db
  const planName = `Lines ${crypto.randomUUID().slice(0, 8)}`

  beforeAll(async () => {
    await db().insert(plans).values({ name: planName, price: '10.00', currency: 'EUR' })
  })

  /** Imports one customer paid 10 days ago (running on) and one paid 90 days ago (ended). */
  async function importTwo(tag: string) {
    const running = `running-${tag}@example.com`
    const ended = `ended-${tag}@example.com`
    const paid = (daysAgo: number) => new Date(t.now.getTime() - daysAgo * day).toISOString()
    const rows = [
      `${running},Rita,Ruiz,${planName},1,10.00,EUR,${paid(10)},cash,`,
      `${ended},Eddy,Ng,${planName},1,10.00,EUR,${paid(90)},cash,`,
    ]
    const response = await fetch(new URL('/api/imports/payments?dryRun=false', t.server.baseUrl), {
      method: 'POST',
      headers: {
        origin: publicUrl,
        cookie: t.admin.cookie!,
        'content-type': 'text/csv; charset=utf-8',
      },
      body: [header, ...rows].join('\n'),
    })
    expect(response.status).toBe(200)
    const people = await db()
      .select()
      .from(trialRequests)
      .where(inArray(trialRequests.email, [running, ended]))
    const byEmail = (email: string) => people.find((person) => person.email === email)!
    expect(byEmail(running).subscriptionStatus).toBe('active')
    expect(byEmail(ended).subscriptionStatus).toBe('expired')
    return { running: byEmail(running), ended: byEmail(ended) }
  }
  /** The person's row in Users & Contacts, as the admin's list answers it. */
  const listed = async (email: string, filter = '') => {
    const answer = await t.admin.get(`/api/trial-requests?q=${encodeURIComponent(email)}${filter}`)
    expect(answer.status).toBe(200)
    return answer.body as { id: string; outcome: unknown }[]
  }
  const lineOf = async (personId: string) =>
    (await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, personId)))[0]
  const kindsTo = async (email: string) => (await t.messagesTo(email)).map((row) => row.kind)
  const setAutopilot = async (autoStartTrials: boolean) => {
    const saved = await t.admin.put('/api/settings/platform', { ...platform, autoStartTrials })
    expect(saved.status).toBe(200)
  }

  it('autopilot off: a customer whose period runs on is listed as needing a line, and told nothing', async () => {
    await setAutopilot(false)
    const { running, ended } = await importTwo('off')
    expect(await listed(running.email)).toEqual([
      expect.objectContaining({ id: running.id, outcome: { kind: 'needs_line' } }),
    ])
    // An ended period owes nothing.
    expect(await listed(ended.email)).toEqual([
      expect.objectContaining({ id: ended.id, outcome: null }),
    ])
    expect(await listed(running.email, '&outcome=needs_line')).toHaveLength(1)
    expect(await listed(ended.email, '&outcome=needs_line')).toHaveLength(0)
    expect(await lineOf(running.id)).toBeUndefined()

    t.advance(leaseMs + 1)
    await leftLinesRound(t.server.app)
    await t.flush()
    expect(await lineOf(running.id)).toBeUndefined()
    expect(await kindsTo(running.email)).toEqual([])
    expect(await kindsTo(ended.email)).toEqual([])

    // An admin makes it: the line is sent, and its login is the one message.
    const made = await t.admin.post(`/api/trial-requests/${running.id}/line`, {})
    expect(made.status).toBe(201)
    expect(await listed(running.email)).toEqual([
      expect.objectContaining({ outcome: { kind: 'sent' } }),
    ])
    await t.flush()
    expect(await kindsTo(running.email)).toEqual(['line_login'])
  })

  it('autopilot on: the line is made for a customer whose period runs on; its login is the only message', async () => {
    await setAutopilot(true)
    const { running, ended } = await importTwo('on')
    // Owed in the import's commit, as a settled payment's line is.
    expect(await lineOf(running.id)).toMatchObject({ status: 'creating', nextPushAt: t.now })
    expect(await lineOf(ended.id)).toBeUndefined()

    t.advance(leaseMs + 1)
    expect(await leftLinesRound(t.server.app)).toMatchObject({ linesSettled: 1 })
    const line = (await lineOf(running.id))!
    const end = addCalendarMonths(new Date(t.now.getTime() - leaseMs - 1 - 10 * day), 1)
    expect(line).toMatchObject({ status: 'active', isTrial: false, expiresAt: end })
    expect(t.supplier.lines.filter((on) => on.username === line.username)).toEqual([
      expect.objectContaining({ exp_date: panelSeconds(end), is_trial: '0' }),
    ])
    expect(await listed(running.email)).toEqual([
      expect.objectContaining({ outcome: { kind: 'sent' } }),
    ])

    const mails = await t.flush()
    expect(await kindsTo(running.email)).toEqual(['line_login'])
    expect(await kindsTo(ended.email)).toEqual([])
    const toRunning = mails.filter((mail) =>
      [mail.to ?? []].flat().some((to) => to.text.includes(running.email)),
    )
    expect(toRunning.map((mail) => mail.subject)).toEqual(['Your StreamLine login is ready'])
    expect(toRunning[0]!.text).toContain(line.username!)
    await setAutopilot(false)
  })
})
