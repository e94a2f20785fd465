import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { panelLinesRound } from './panel-rounds'
import { leaseMs } from '../../lib/lease'
import { useMailServer } from '../../test/mail-server'
import { lineProbes } from '../../test/supplier-server'
import { databaseKinds } from '../../test/test-server'
import { claimCreation } from './line-create'
import { supplierAccess } from './supplier-access'

const minute = 60_000

describe.each(databaseKinds)('the lease on a line worked on with the panel, on %s', (kind) => {
  // Room for a panel call held past a renewal (every third of a lease).
  const t = useMailServer(kind, { SUPPLIER_TIMEOUT_MS: '10000' })
  const { usernameOf, creates, onPanel, rowOf } = lineProbes(t)

  /** A line whose create the panel left in doubt (a 5xx, and its look-up too), due for the retry job. */
  async function dueCheckingLine() {
    const person = await t.newPerson()
    t.supplier.setMode('server-error')
    const answer = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    expect(answer.status).toBe(202)
    t.supplier.setMode('ok')
    t.advance(minute + 1_000)
    return { lineId: answer.body.id as string, username: usernameOf(person) }
  }

  it('takes over a line whose holder died mid-call once its lease lapses, and buys it once', async () => {
    const { lineId, username } = await dueCheckingLine()
    // A process claims the line, then dies during its panel call: nobody renews the claim.
    expect(await claimCreation(supplierAccess(t.server.app), lineId)).toMatchObject({ id: lineId })

    t.advance(leaseMs - 1)
    expect(await panelLinesRound(t.server.app)).toMatchObject({ linesSettled: 0 })
    expect(creates(username)).toHaveLength(1)

    t.advance(2)
    expect(await panelLinesRound(t.server.app)).toMatchObject({ linesSettled: 1 })
    expect(onPanel(username)).toHaveLength(1)
    expect(await rowOf(lineId)).toMatchObject({
      supplierId: onPanel(username)[0]!.id,
      status: 'active',
      claimedUntil: null,
    })
  })

  it('keeps renewing the lease while a slow panel holds the call, so another round leaves the line alone', async () => {
    const { lineId, username } = await dueCheckingLine()
    const create = t.supplier.hold('create_line')
    const first = panelLinesRound(t.server.app)
    await create.arrived
    // Far past the first lease by the clock: only a renewal keeps another round off the line.
    t.advance(5 * leaseMs)
    await t.until(async () => (await rowOf(lineId)).claimedUntil! > t.now)
    expect(await panelLinesRound(t.server.app)).toMatchObject({
      linesSettled: 0,
      linesUnsettled: 0,
    })

    create.release()
    expect(await first).toMatchObject({ linesSettled: 1 })
    // The doubtful create of the setup, then the held one: no third from the second round.
    expect(creates(username)).toHaveLength(2)
    expect(onPanel(username)).toHaveLength(1)
    expect(await rowOf(lineId)).toMatchObject({ status: 'active', claimedUntil: null })
  })

  describe('a holder whose claim another process took over meanwhile', () => {
    /**
     * Another process's claim on the line: the holder's lease lapsed (a stalled process), and the
     * new holder is now at the panel with its own lease. The test clock stands still, so the new
     * lease ends later than any this holder wrote, as it would once the old lease had lapsed.
     */
    async function takeOver(lineId: string) {
      const takenUntil = new Date(t.now.getTime() + 2 * leaseMs)
      await t.server.app.db
        .update(m3uLines)
        .set({ claimedUntil: takenUntil })
        .where(eq(m3uLines.id, lineId))
      return takenUntil
    }

    it('records the line it bought once, and leaves the claim to its new holder', async () => {
      const { lineId } = await dueCheckingLine()
      const create = t.supplier.hold('create_line')
      const first = panelLinesRound(t.server.app)
      await create.arrived
      const takenUntil = await takeOver(lineId)

      create.release()
      await first
      const row = await rowOf(lineId)
      expect(onPanel(row.username!)).toHaveLength(1)
      expect(row).toMatchObject({
        supplierId: onPanel(row.username!)[0]!.id,
        status: 'active',
        claimedUntil: takenUntil,
      })
    })

    it('records no revision of its push, so the new holder pushes the line again', async () => {
      const person = await t.newPerson()
      const made = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
      expect(made.status).toBe(201)
      const lineId = made.body.id as string
      const disable = t.supplier.hold('disable_line')
      const pushing = t.admin.post(`/api/trial-requests/${person.id}/line/disable`, {})
      await disable.arrived
      const takenUntil = await takeOver(lineId)

      disable.release()
      expect((await pushing).body).toMatchObject({ isSynced: false })
      const row = await rowOf(lineId)
      expect(row.pushedRevision).toBeLessThan(row.revision)
      expect(row).toMatchObject({ isEnabled: false, claimedUntil: takenUntil })
    })

    // Last: its line stays due (its new holder never comes), and a later round would take it.
    it('records nothing of its failed create, and leaves the claim to its new holder', async () => {
      const { lineId } = await dueCheckingLine()
      const create = t.supplier.hold('create_line')
      const first = panelLinesRound(t.server.app)
      await create.arrived
      // The holder renews once, so the lease it last wrote is no longer the one it claimed.
      t.advance(5 * leaseMs)
      await t.until(async () => (await rowOf(lineId)).claimedUntil! > t.now)
      const before = await rowOf(lineId)
      const takenUntil = await takeOver(lineId)

      t.supplier.setMode('server-error')
      create.release()
      await first
      expect(await rowOf(lineId)).toEqual({ ...before, claimedUntil: takenUntil })
    })
  })
})
