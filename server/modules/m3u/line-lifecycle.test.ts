import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { withNewEntries } from '../../test/audit-trail'
import { panelLine, panelSeconds, useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

describe.each(postgresOnly)('the line follows the subscription on %s', (kind) => {
  const t = useSupplierServer(kind)
  const path = (id: string, rest = '') => `/api/trial-requests/${id}${rest}`
  const convert = (id: string, fields: object = {}) =>
    t.admin.post(path(id, '/convert-to-subscription'), {
      paidPlan: 'Family',
      subscriptionMonths: 3,
      subscriptionPrice: '41.99',
      ...fields,
    })
  const personWithLine = async () => {
    const person = await t.newPerson()
    const line = await t.admin.post(path(person.id, '/line'), {})
    expect(line.status).toBe(201)
    return { person, line: line.body }
  }
  const onPanel = (username: string) => panelLine(t.supplier, username)

  it('turns the trial line into a paid one ending with the subscription', async () => {
    const { person, line } = await personWithLine()
    const { result: converted, entries } = await withNewEntries(t.server.app.db, () =>
      convert(person.id),
    )
    expect(converted.status).toBe(200)
    expect(converted.body.lineProblem).toBeUndefined()
    const edit = t.supplier.calls.findLast((call) => call.action === 'edit_line')!
    expect(edit.form.get('id')).toBe(line.supplierLineId)
    expect(edit.form.get('is_trial')).toBe('0')
    expect(onPanel(line.username)).toMatchObject({
      is_trial: '0',
      enabled: '1',
      exp_date: panelSeconds(converted.body.subscriptionEndDate),
    })
    expect(entries.map((entry) => `${entry.action} ${entry.entityId}`).sort()).toEqual([
      `m3u_line.follow_subscription ${line.id}`,
      `trial_request.convert ${person.id}`,
    ])
    expect((await t.admin.get(path(person.id, '/line'))).body).toMatchObject({
      isTrial: false,
      isSynced: true,
      expiresAt: converted.body.subscriptionEndDate,
    })
  })

  it('creates the paid line with the conversion when asked and there is none', async () => {
    const person = await t.newPerson()
    const converted = await convert(person.id, { createLine: true })
    expect(converted.status).toBe(200)
    const line = await t.admin.get(path(person.id, '/line'))
    expect(line.body).toMatchObject({
      isTrial: false,
      expiresAt: converted.body.subscriptionEndDate,
    })
    expect(onPanel(line.body.username).is_trial).toBe('0')
  })

  it('converts anyway when the line cannot be bought, and says why', async () => {
    const person = await t.newPerson()
    t.supplier.setCredits(0)
    const converted = await convert(person.id, { createLine: true })
    t.supplier.setCredits(100)
    expect(converted.status).toBe(200)
    expect(converted.body).toMatchObject({
      subscriptionStatus: 'active',
      lineProblem: 'Not enough credits.',
    })
  })

  it('moves the panel expiry when the subscription is extended', async () => {
    const { person, line } = await personWithLine()
    const converted = await convert(person.id)
    const extended = await t.admin.post(path(person.id, '/subscription/extend'), {
      months: 1,
      price: '14.99',
    })
    expect(extended.status).toBe(200)
    expect(
      new Date(extended.body.subscriptionEndDate) > new Date(converted.body.subscriptionEndDate),
    ).toBe(true)
    expect(onPanel(line.username).exp_date).toBe(panelSeconds(extended.body.subscriptionEndDate))
  })

  it('disables the line when the subscription is reverted, and when the person is deleted', async () => {
    const first = await personWithLine()
    await convert(first.person.id)
    expect((await t.admin.delete(path(first.person.id, '/subscription'))).status).toBe(200)
    expect(onPanel(first.line.username).enabled).toBe('0')

    const second = await personWithLine()
    expect((await t.admin.delete(path(second.person.id))).status).toBe(204)
    expect(onPanel(second.line.username).enabled).toBe('0')
    // The line and its history outlive the person.
    const [kept] = await t.server.app.db
      .select()
      .from(m3uLines)
      .where(eq(m3uLines.id, second.line.id))
    expect(kept).toMatchObject({ trialRequestId: null, isEnabled: false, status: 'disabled' })
    const history = await t.admin.get(`/api/m3u-lines/${second.line.id}/history`)
    expect(history.body.map((call: { action: string }) => call.action)).toContain('disable_line')
  })

  it('disables, enables and resets the password of a line on the panel', async () => {
    const { person, line } = await personWithLine()
    const disabled = await t.admin.post(path(person.id, '/line/disable'), {})
    expect(disabled.status).toBe(200)
    expect(disabled.body).toMatchObject({ status: 'disabled', isSynced: true })
    expect(onPanel(line.username).enabled).toBe('0')

    const enabled = await t.admin.post(path(person.id, '/line/enable'))
    expect(enabled.body).toMatchObject({ status: 'active', isSynced: true })
    expect(onPanel(line.username).enabled).toBe('1')

    const { result: reset, entries } = await withNewEntries(t.server.app.db, () =>
      t.admin.post(path(person.id, '/line/reset-password'), {}),
    )
    expect(reset.status).toBe(200)
    expect(reset.body.password).not.toBe(line.password)
    expect(reset.body.m3uUrl).toContain(`password=${reset.body.password}`)
    expect(onPanel(line.username).password).toBe(reset.body.password)
    expect(entries.map((entry) => entry.action)).toEqual(['m3u_line.reset_password'])
    expect(JSON.stringify(entries)).not.toContain(reset.body.password)
  })

  it('keeps a change the panel did not take, and pushes it when the retry is due', async () => {
    const { person, line } = await personWithLine()
    t.supplier.setMode('server-error')
    const waiting = await t.admin.post(path(person.id, '/line/disable'), {})
    expect(waiting.status).toBe(202)
    expect(waiting.body).toMatchObject({ status: 'disabled', isSynced: false })
    expect(waiting.body.panelError).toEqual(expect.any(String))
    t.supplier.setMode('ok')
    expect(onPanel(line.username).enabled).toBe('1')

    const { panelLinesRound } = await import('./panel-rounds')
    // Not yet due: the first retry waits a minute.
    await panelLinesRound(t.server.app)
    expect(onPanel(line.username).enabled).toBe('1')
    t.now = new Date(t.now.getTime() + 61_000)
    await panelLinesRound(t.server.app)
    expect(onPanel(line.username).enabled).toBe('0')
    expect((await t.admin.get(path(person.id, '/line'))).body).toMatchObject({ isSynced: true })
  })

  it('has no line to change for a person without one', async () => {
    const person = await t.newPerson()
    expect((await t.admin.post(path(person.id, '/line/disable'), {})).status).toBe(404)
  })
})
