import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { notifications } from '../../db/schema/notifications'
import { trialRequests } from '../../db/schema/trial-requests'
import { panelLinesRound } from './panel-rounds'
import { useMailServer } from '../../test/mail-server'
import { lineProbes } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

// Small, so that a panel that never answers costs the suite little.
const deadlineMs = 1_500
const minute = 60_000

describe.each(postgresOnly)('the retry job settling checking lines, on %s', (kind) => {
  const t = useMailServer(kind, { SUPPLIER_TIMEOUT_MS: String(deadlineMs) })
  const { lineOf, usernameOf, creates, onPanel, rowOf } = lineProbes(t)
  const retryRound = () => {
    t.advance(minute + 1_000)
    return panelLinesRound(t.server.app)
  }
  /** A person whose line the panel left checking: `made` says whether the panel made it all the same. */
  const checkingPerson = async ({ made = false, paid = false } = {}) => {
    const person = await t.newPerson()
    if (paid) {
      const converted = await t.admin.post(
        `/api/trial-requests/${person.id}/convert-to-subscription`,
        { paidPlan: 'Starter', subscriptionMonths: 1, subscriptionPrice: '9.99' },
      )
      expect(converted.status).toBe(200)
    }
    t.supplier.setMode(made ? 'slow' : 'hang', ['create_line'])
    const answer = await t.admin.post(lineOf(person.id), {})
    expect(answer.status).toBe(202)
    t.supplier.setMode('ok')
    return { person, lineId: answer.body.id as string, username: usernameOf(person) }
  }

  const noLongerQualifies = {
    deleted: async (personId: string) =>
      expect((await t.admin.delete(`/api/trial-requests/${personId}`)).status).toBe(204),
    rejected: async (personId: string) =>
      expect(
        (await t.admin.put(`/api/trial-requests/${personId}/status`, { status: 'Rejected' }))
          .status,
      ).toBe(200),
    // As the expiry job leaves it: the trial ended, its line disabled past the grace period.
    ended: async (personId: string) => {
      const { db } = t.server.app
      await db
        .update(trialRequests)
        .set({ subscriptionStatus: 'expired' })
        .where(eq(trialRequests.id, personId))
      await db
        .update(m3uLines)
        .set({ isEnabled: false })
        .where(eq(m3uLines.trialRequestId, personId))
    },
  }

  it.each(Object.keys(noLongerQualifies) as (keyof typeof noLongerQualifies)[])(
    'buys no line for a person %s while it was checking, and says why on the line',
    async (why) => {
      const { person, lineId, username } = await checkingPerson()
      await noLongerQualifies[why](person.id)

      expect(await retryRound()).toMatchObject({ linesSettled: 0, linesNotBought: 1 })
      expect(onPanel(username)).toHaveLength(0)
      expect(creates(username)).toHaveLength(1)
      const row = await rowOf(lineId)
      expect(row).toMatchObject({ supplierId: null, status: 'creating', nextPushAt: null })
      expect(row.panelError).toMatch(/^Not bought: /)
      if (why !== 'deleted') expect((await t.admin.get(lineOf(person.id))).status).toBe(404)

      // Left to an admin: the retry job does not come back to it.
      expect(await retryRound()).toMatchObject({ linesSettled: 0, linesNotBought: 0 })
      expect(creates(username)).toHaveLength(1)
      expect((await t.flush()).filter((mail) => mail.text?.includes(username))).toHaveLength(0)
    },
  )

  it('records a line the panel made for a person since rejected, sends no login, and disables it there', async () => {
    const { person, lineId, username } = await checkingPerson({ made: true })
    await noLongerQualifies.rejected(person.id)

    expect(await retryRound()).toMatchObject({ linesSettled: 1, linesNotBought: 0 })
    const [panelLine] = onPanel(username)
    expect(await rowOf(lineId)).toMatchObject({
      supplierId: panelLine!.id,
      isEnabled: false,
      // The panel's word as it is: enabled, until the push disables it.
      panelIsEnabled: true,
    })
    // The push path disables it on the next round.
    await panelLinesRound(t.server.app)
    expect(onPanel(username)[0]!.enabled).toBe('0')
    expect(await rowOf(lineId)).toMatchObject({ panelIsEnabled: false, status: 'disabled' })
    expect(creates(username)).toHaveLength(1)
    expect((await t.flush()).filter((mail) => mail.text?.includes(username))).toHaveLength(0)
  })

  it('answers 502 when "Check now" is refused the key, and the line stays checking', async () => {
    const { person, lineId, username } = await checkingPerson({ made: true })
    const refused = await t.admin.post(lineOf(person.id), { apiKey: 'not-the-key' })
    expect(refused.status).toBe(502)
    expect((await t.admin.get(lineOf(person.id))).body).toMatchObject({ status: 'checking' })
    expect((await rowOf(lineId)).status).toBe('checking')

    // The right key settles it: the line the panel made is found, not bought again.
    const settled = await t.admin.post(lineOf(person.id), {})
    expect(settled.status).toBe(201)
    expect(settled.body).toMatchObject({
      status: 'active',
      supplierLineId: onPanel(username)[0]!.id,
    })
    expect(creates(username)).toHaveLength(1)
  })

  it('ends the round on a refusal not of one line (no credits), and tells the admins once', async () => {
    const first = await checkingPerson({ paid: true })
    const second = await checkingPerson({ paid: true })
    t.supplier.setCredits(0)
    const refusals = async () =>
      (await t.server.app.db.select().from(notifications)).filter(
        (notice) => notice.type === 'supplier_refused',
      )

    expect(await retryRound()).toMatchObject({ linesSettled: 0, linesUnsettled: 1 })
    const tried = [first, second].filter((line) => creates(line.username).length === 2)
    expect(tried).toHaveLength(1)
    expect(await refusals()).toEqual([
      expect.objectContaining({ recipientRole: 'admin', body: expect.stringContaining('credits') }),
    ])
    for (const { lineId } of [first, second]) expect((await rowOf(lineId)).status).toBe('checking')

    // Still refused a round later: one notice until an admin reads it.
    await retryRound()
    expect(await refusals()).toHaveLength(1)

    // Credits back: both are bought, once each.
    t.supplier.setCredits(100)
    t.advance(60 * minute)
    expect(await panelLinesRound(t.server.app)).toMatchObject({ linesSettled: 2 })
    for (const { username } of [first, second]) expect(onPanel(username)).toHaveLength(1)
  })

  it('leaves out of the reconciliation a line the panel holds that we still check, and settles it', async () => {
    const { lineId, username } = await checkingPerson({ made: true })
    const synced = await t.admin.post('/api/supplier/sync', {})
    expect(synced.status).toBe(200)
    const drift = (await t.admin.get('/api/supplier/drift')).body as { username: string }[]
    expect(drift.filter((entry) => entry.username === username)).toEqual([])

    // Due at once: the next round records it without waiting out its backoff.
    expect(await panelLinesRound(t.server.app)).toMatchObject({ linesSettled: 1 })
    expect(await rowOf(lineId)).toMatchObject({
      supplierId: onPanel(username)[0]!.id,
      status: 'active',
    })
    expect(creates(username)).toHaveLength(1)
  })
})
