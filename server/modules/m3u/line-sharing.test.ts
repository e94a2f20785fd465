import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { lineActivity } from '../../db/schema/line-activity'
import { outboxMessages } from '../../db/schema/outbox-messages'
import type { ScriptedActivity } from '../../test/fake-panel-activity'
import { databaseKinds } from '../../test/test-server'
import { useSupplierServer } from '../../test/supplier-server'
import { lineActivityRound } from './panel-rounds'

const hour = 60 * 60 * 1000
const day = 24 * hour

describe.each(databaseKinds)('lines likely shared, on %s', (kind) => {
  const t = useSupplierServer(kind)
  const activityReads = () => t.supplier.calls.filter((call) => call.action === 'activity_logs')
  const round = () => lineActivityRound(t.server.app)
  const list = async (query = '') => {
    const answer = await t.admin.get(`/api/lines/sharing${query}`)
    expect(answer.status).toBe(200)
    return {
      lines: answer.body as { lineId: string; [field: string]: unknown }[],
      nextCursor: answer.headers.get('x-next-cursor'),
    }
  }

  const panelLineOf = async (panelId: string) =>
    t.supplier.lines.find((line) => line.id === panelId)

  async function lineOfNewPerson() {
    const person = await t.newPerson()
    const made = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    expect(made.status).toBe(201)
    return { person, lineId: made.body.id as string, panelId: made.body.supplierLineId as string }
  }

  /** Connections of a line that ended `hoursAgo`, one per address given. */
  const watchedFrom = (
    panelId: string,
    places: { ip: string; country?: string; player?: string }[],
    hoursAgo = 2,
  ): ScriptedActivity[] => {
    // The panel keeps whole seconds.
    const now = Math.floor(t.now.getTime() / 1000) * 1000
    return places.map((place) => ({
      lineId: panelId,
      ip: place.ip,
      country: place.country ?? 'DE',
      userAgent: place.player ?? 'VLC/3.0.20',
      startedAt: new Date(now - (hoursAgo + 1) * hour),
      endedAt: new Date(now - hoursAgo * hour),
    }))
  }

  it('flags a line watched from more networks than twice its screens, with the evidence, each entry once', async () => {
    const shared = await lineOfNewPerson()
    const fine = await lineOfNewPerson()
    const abroad = await lineOfNewPerson()
    t.supplier.makeOnPanel(['notoursatall'])
    const notOurs = t.supplier.lines.find((line) => line.username === 'notoursatall')!
    t.supplier.viewers.addActivity([
      // Five networks (two addresses in one /24 count once) for two screens: over twice.
      ...watchedFrom(shared.panelId, [
        { ip: '203.0.113.7', player: 'TiviMate/4.7.0' },
        { ip: '203.0.113.99' },
        { ip: '198.51.100.1' },
        { ip: '192.0.2.1' },
        { ip: '2001:db8:1::1' },
        { ip: '2001:db8:2::1' },
      ]),
      // Two networks, in the last 7 days and in the last day: fine.
      ...watchedFrom(fine.panelId, [{ ip: '203.0.113.50' }, { ip: '198.51.100.50' }]),
      ...watchedFrom(fine.panelId, [{ ip: '192.0.2.50' }, { ip: '192.0.3.50' }], 72),
      // Three countries in a day.
      ...watchedFrom(abroad.panelId, [
        { ip: '203.0.113.60', country: 'DE' },
        { ip: '203.0.113.61', country: 'FR' },
        { ip: '203.0.113.62', country: 'ES' },
      ]),
      ...watchedFrom(notOurs.id, [{ ip: '10.0.0.1' }]),
    ])

    const first = await round()
    expect(first).toMatchObject({ entries: 14, flagged: 2, error: null })
    const { lines } = await list()
    expect(lines.map((line) => line.lineId).sort()).toEqual([shared.lineId, abroad.lineId].sort())
    const flagged = lines.find((line) => line.lineId === shared.lineId)!
    expect(flagged).toMatchObject({
      username: expect.any(String),
      personId: shared.person.id,
      screens: 2,
      ips24h: 6,
      networks24h: 5,
      countries24h: 1,
      reasons: ['networks'],
      isDismissed: false,
      offeredAt: null,
    })
    expect(flagged.evidence).toContainEqual({
      network: '203.0.113.0/24',
      country: 'DE',
      player: 'TiviMate/4.7.0',
      firstSeenAt: new Date(Math.floor(t.now.getTime() / 1000) * 1000 - 3 * hour).toISOString(),
      lastSeenAt: new Date(Math.floor(t.now.getTime() / 1000) * 1000 - 2 * hour).toISOString(),
      connections: 1,
    })
    expect(flagged.evidence).toContainEqual(expect.objectContaining({ network: '2001:db8:2::/48' }))
    expect(lines.find((line) => line.lineId === abroad.lineId)).toMatchObject({
      countries24h: 3,
      reasons: ['countries'],
    })
    expect((await list('?reason=countries')).lines.map((line) => line.lineId)).toEqual([
      abroad.lineId,
    ])

    // The next round reads on from where this one stopped: nothing twice.
    t.supplier.viewers.addActivity(watchedFrom(fine.panelId, [{ ip: '192.0.2.77' }], 1))
    await round()
    expect(activityReads().at(-1)!.query.get('start')).toBe('14')
    const [stored] = await t.server.app.db
      .select({ entries: count() })
      .from(lineActivity)
      .where(eq(lineActivity.lineId, fine.lineId))
    expect(stored!.entries).toBe(5)
  })

  it('keeps a dismissed line off the list for 30 days, unless its evidence doubles', async () => {
    const shared = await lineOfNewPerson()
    t.supplier.viewers.addActivity(
      watchedFrom(shared.panelId, [
        { ip: '10.1.1.1' },
        { ip: '10.1.2.1' },
        { ip: '10.1.3.1' },
        { ip: '10.1.4.1' },
        { ip: '10.1.5.1' },
      ]),
    )
    await round()
    expect((await list()).lines.map((line) => line.lineId)).toContain(shared.lineId)

    const dismissed = await t.admin.post(`/api/lines/sharing/${shared.lineId}/dismiss`)
    expect(dismissed.status).toBe(204)
    expect((await list()).lines.map((line) => line.lineId)).not.toContain(shared.lineId)
    const withDismissed = await list('?includeDismissed=true')
    expect(withDismissed.lines.find((line) => line.lineId === shared.lineId)).toMatchObject({
      isDismissed: true,
      dismissedUntil: new Date(t.now.getTime() + 30 * day).toISOString(),
    })

    // Five more networks: ten, twice what was dismissed.
    t.supplier.viewers.addActivity(
      watchedFrom(
        shared.panelId,
        [6, 7, 8, 9, 10].map((n) => ({ ip: `10.1.${n}.1` })),
        1,
      ),
    )
    await round()
    expect((await list()).lines.find((line) => line.lineId === shared.lineId)).toMatchObject({
      networks24h: 10,
      isDismissed: false,
    })
  })

  it('offers the plan with more screens by the outbox, with a sign-in link to pay; the line stays as it is', async () => {
    const shared = await lineOfNewPerson()
    t.supplier.viewers.addActivity(
      watchedFrom(shared.panelId, [
        { ip: '10.2.1.1', country: 'DE' },
        { ip: '10.2.2.1', country: 'AT' },
        { ip: '10.2.3.1', country: 'CH' },
      ]),
    )
    await round()
    const none = await t.admin.post(`/api/lines/sharing/${shared.lineId}/offer`)
    expect(none.status).toBe(409)
    expect(none.body.message).toBe('No active plan has more than 2 screens')
    for (const [name, screens, price] of [
      ['Household', 4, 30],
      ['Big House', 6, 40],
      ['Family Plus', 3, 25],
    ] as const) {
      const plan = await t.admin.post('/api/plans', { name, price, maxConnections: screens })
      expect(plan.status).toBe(201)
    }
    const before = (await panelLineOf(shared.panelId))!

    const offered = await t.admin.post(`/api/lines/sharing/${shared.lineId}/offer`)
    expect(offered.status).toBe(201)
    expect(offered.body).toEqual({
      planId: expect.any(String),
      planName: 'Family Plus',
      screens: 3,
      channels: ['email'],
    })
    const [message] = await t.server.app.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.trialRequestId, shared.person.id),
          eq(outboxMessages.kind, 'bigger_plan_offer'),
        ),
      )
    expect(message).toMatchObject({
      channel: 'email',
      recipient: shared.person.email,
      status: 'queued',
      variables: { planName: 'Family Plus', screens: '3 screens' },
    })
    expect((await list()).lines.find((line) => line.lineId === shared.lineId)).toMatchObject({
      offeredAt: t.now.toISOString(),
    })
    // Nothing is done to the line: the panel holds it as before.
    expect(await panelLineOf(shared.panelId)).toEqual(before)
  })

  it('pages by keyset, exports CSV, and refuses a bad filter naming it', async () => {
    const first = await list('?limit=1')
    expect(first.lines).toHaveLength(1)
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await list(`?limit=1&cursor=${first.nextCursor}`)
    expect(second.lines[0]!.lineId).not.toBe(first.lines[0]!.lineId)

    const csv = await t.admin.get('/api/lines/sharing/export.csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const rows = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(rows[0]).toBe(
      'Line,Person,Screens,Networks (24 h),Countries (24 h),Addresses (24 h),Networks (7 days),Countries (7 days),Addresses (7 days),Reasons,Flagged,Dismissed until,Offered',
    )
    expect(rows.length - 1).toBe((await list()).lines.length)

    const bad = await t.admin.get('/api/lines/sharing?reason=everything')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('reason')
    const unknown = await t.admin.post(`/api/lines/sharing/${crypto.randomUUID()}/dismiss`)
    expect(unknown.status).toBe(404)
  })

  it('forgets entries after 30 days, and a line with nothing left is no longer flagged', async () => {
    await t.travel(31)
    const result = await round()
    expect(result?.error).toBeNull()
    const [left] = await t.server.app.db.select({ entries: count() }).from(lineActivity)
    expect(left!.entries).toBe(0)
    expect((await list('?includeDismissed=true')).lines).toEqual([])
  })
})
