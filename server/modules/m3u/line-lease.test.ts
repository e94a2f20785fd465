import { describe, expect, it } from 'vitest'
import { panelLinesRound } from '../../jobs/supplier-jobs'
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
})
