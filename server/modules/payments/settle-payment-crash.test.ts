import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { m3uLines } from '../../db/schema/m3u-lines'
import { leaseMs } from '../../lib/lease'
import { useMailServer } from '../../test/mail-server'
import { insertPendingPayment } from '../../test/payment-fixtures'
import { lineProbes, panelSeconds } from '../../test/supplier-server'
import { databaseKinds } from '../../test/test-server'
import { claimCreation } from '../m3u/line-create'
import { owedLineFor } from '../m3u/line-owed'
import { leftLinesRound } from '../m3u/panel-rounds'
import { supplierAccess } from '../m3u/supplier-access'
import { settleWithin } from './settle-payment'

const paid = {
  amountMinor: 2997,
  currency: 'eur',
  providerPaymentId: 'pi_1',
  via: 'stripe' as const,
}

// A process that settles a payment answers at the commit and makes the line after: here it dies
// in between, so only the settle's transaction runs, and the left-lines round must do the rest.
describe.each(databaseKinds)('a paid line whose settling process died, on %s', (kind) => {
  const t = useMailServer(kind)
  const db = () => t.server.app.db
  const { usernameOf, creates, onPanel } = lineProbes(t)
  const lineRow = async (personId: string) =>
    (await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, personId)))[0]!

  /** A trial converted by a payment whose settle committed, and nothing after it. */
  async function settledThenDied() {
    const person = await t.newPerson()
    const payment = await insertPendingPayment(db(), { trialRequestId: person.id })
    const oweLine = owedLineFor(t.server.app)
    const settled = await db().transaction((tx) =>
      settleWithin(tx, payment.id, paid, { now: t.now, oweLine }),
    )
    expect(settled).toMatchObject({ status: 'paid', settledNow: true })
    return { person, username: usernameOf(person), end: addCalendarMonths(t.now, 3) }
  }

  it('makes the line owed in the commit once a lease has passed, and buys it once', async () => {
    const { person, username, end } = await settledThenDied()
    // Within a lease the follow-up of a live process would make it: the round leaves it.
    expect(await leftLinesRound(t.server.app)).toMatchObject({ linesSettled: 0 })
    expect(creates(username)).toHaveLength(0)

    t.advance(leaseMs + 1)
    expect(await leftLinesRound(t.server.app)).toMatchObject({ linesSettled: 1 })
    expect(onPanel(username)).toEqual([
      expect.objectContaining({ exp_date: panelSeconds(end), is_trial: '0' }),
    ])
    expect(await lineRow(person.id)).toMatchObject({
      status: 'active',
      supplierId: onPanel(username)[0]!.id,
      expiresAt: end,
      nextPushAt: null,
    })
    const logins = (await t.messagesTo(person.email)).filter((m) => m.kind === 'line_login')
    expect(logins).toHaveLength(1)

    t.advance(leaseMs + 1)
    expect(await leftLinesRound(t.server.app)).toMatchObject({ linesSettled: 0 })
    expect(creates(username)).toHaveLength(1)
  })

  it('adopts the line the panel made for a maker that died holding it, and buys none', async () => {
    const { person, username, end } = await settledThenDied()
    const access = supplierAccess(t.server.app)
    const owed = await lineRow(person.id)
    // The follow-up claimed the line and the panel made it; then its process died.
    expect(await claimCreation(access, owed.id)).toMatchObject({ status: 'creating' })
    const made = await access.panel!.createLine(t.supplier.apiKey, {
      username,
      password: owed.password!,
      expiresAt: end,
      maxConnections: 2,
      isTrial: false,
      bouquetIds: ['3'],
      notes: '',
      contact: null,
    })

    t.advance(leaseMs - 1)
    expect(await leftLinesRound(t.server.app)).toMatchObject({ linesSettled: 0 })
    t.advance(leaseMs + 2)
    expect(await leftLinesRound(t.server.app)).toMatchObject({ linesSettled: 1 })
    expect(creates(username)).toHaveLength(1)
    expect(onPanel(username)).toHaveLength(1)
    expect(await lineRow(person.id)).toMatchObject({
      status: 'active',
      supplierId: made.id,
      claimedUntil: null,
    })
  })

  it('leaves a line an admin was left to make to the admin', async () => {
    const person = await t.newPerson()
    // An admin's make the panel refused (the key typed) leaves the line to be made by an admin.
    const refused = await t.admin.post(`/api/trial-requests/${person.id}/line`, {
      apiKey: 'not-the-key',
    })
    expect(refused.status).toBe(502)
    t.advance(60 * leaseMs)
    expect(await leftLinesRound(t.server.app)).toMatchObject({ linesSettled: 0 })
    expect(creates(usernameOf(person))).toHaveLength(1)
    expect(await lineRow(person.id)).toMatchObject({ status: 'creating', nextPushAt: null })
  })
})
