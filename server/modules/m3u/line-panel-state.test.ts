import { describe, expect, it } from 'vitest'
import type { PanelCall } from '../../../common/panel-calls'
import { panelLine, panelSeconds, useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

/** Item 1 and 2 of the screenshot review: edits carry only what changes; the panel's word shows. */
describe.each(postgresOnly)("a line's edits and the panel's word on %s", (kind) => {
  const t = useSupplierServer(kind)
  const path = (id: string, rest = '') => `/api/trial-requests/${id}${rest}`
  const personWithLine = async () => {
    const person = await t.newPerson()
    const line = await t.admin.post(path(person.id, '/line'), {})
    expect(line.status).toBe(201)
    return { person, line: line.body }
  }
  const editsSince = (count: number) =>
    t.supplier.calls.slice(count).filter((call) => call.action === 'edit_line')
  const history = async (lineId: string): Promise<PanelCall[]> =>
    (await t.admin.get(`/api/m3u-lines/${lineId}/history`)).body

  it('sends edit_line only the fields that change: never the unchanged password', async () => {
    const { person, line } = await personWithLine()
    let seen = t.supplier.calls.length
    const converted = await t.admin.post(path(person.id, '/convert-to-subscription'), {
      paidPlan: 'Family',
      subscriptionMonths: 3,
      subscriptionPrice: '41.99',
    })
    expect(converted.status).toBe(200)
    const [conversion, ...more] = editsSince(seen)
    expect(more).toEqual([])
    expect([...conversion!.form.keys()].sort()).toEqual(['exp_date', 'id', 'is_trial'])
    // Enabled already: no enable_line either; the panel's word read before and after.
    expect(t.supplier.calls.slice(seen).map((call) => call.action)).toEqual([
      'get_line',
      'edit_line',
      'get_line',
    ])

    seen = t.supplier.calls.length
    const extended = await t.admin.post(path(person.id, '/subscription/extend'), {
      months: 1,
      price: '14.99',
    })
    const [extension] = editsSince(seen)
    expect([...extension!.form.keys()].sort()).toEqual(['exp_date', 'id'])
    expect(extension!.form.get('exp_date')).toBe(panelSeconds(extended.body.subscriptionEndDate))

    seen = t.supplier.calls.length
    const reset = await t.admin.post(path(person.id, '/line/reset-password'), {})
    const [resetEdit] = editsSince(seen)
    expect([...resetEdit!.form.keys()].sort()).toEqual(['id', 'password'])
    expect(panelLine(t.supplier, line.username).password).toBe(reset.body.password)
  })

  it('keeps the history in sentences, and never a password', async () => {
    const { person, line } = await personWithLine()
    await t.admin.post(path(person.id, '/convert-to-subscription'), {
      paidPlan: 'Family',
      subscriptionMonths: 3,
      subscriptionPrice: '41.99',
    })
    const extended = await t.admin.post(path(person.id, '/subscription/extend'), {
      months: 1,
      price: '14.99',
    })
    await t.admin.post(path(person.id, '/line/disable'), {})
    const reset = await t.admin.post(path(person.id, '/line/reset-password'), {})

    const calls = await history(line.id)
    const events = calls.flatMap((call) => call.events ?? []).map((event) => event.kind)
    expect(events.sort()).toEqual(
      ['created', 'converted', 'extended', 'disabled', 'password_reset'].sort(),
    )
    const extension = calls.flatMap((call) => call.events ?? []).find((e) => e.kind === 'extended')
    expect(extension).toEqual({
      kind: 'extended',
      months: 1,
      expiresAt: extended.body.subscriptionEndDate,
    })
    const text = JSON.stringify(calls)
    expect(text).not.toContain(reset.body.password)
    expect(text).not.toContain(line.password)
  })

  it("shows the panel's last word beside ours, and its difference once a sync reads it", async () => {
    const { person, line } = await personWithLine()
    const shown = (await t.admin.get(path(person.id, '/line'))).body
    expect(shown.panel).toEqual({
      // The panel keeps whole seconds.
      expiresAt: new Date(Number(panelSeconds(line.expiresAt)) * 1000).toISOString(),
      isEnabled: true,
      isTrial: true,
      maxConnections: 2,
      seenAt: expect.any(String),
    })

    t.supplier.editOnPanel(line.username, { enabled: '0' })
    expect((await t.admin.post('/api/supplier/sync', {})).status).toBe(200)
    const afterSync = (await t.admin.get(path(person.id, '/line'))).body
    expect(afterSync).toMatchObject({ status: 'active', panel: { isEnabled: false } })

    // Ours is pushed again where it differs: the panel is enabled, nothing else is sent.
    const seen = t.supplier.calls.length
    const drift: { id: string; lineId: string; person: unknown }[] = (
      await t.admin.get('/api/supplier/drift')
    ).body
    const mine = drift.find((entry) => entry.lineId === line.id)!
    expect(mine.person).toEqual({ id: person.id, name: person.name })
    expect(
      (await t.admin.post(`/api/supplier/drift/${mine.id}/fix`, { keep: 'ours' })).status,
    ).toBe(200)
    expect(t.supplier.calls.slice(seen).map((call) => call.action)).toEqual([
      'get_line',
      'enable_line',
      'get_line',
    ])
    expect((await t.admin.get(path(person.id, '/line'))).body.panel).toMatchObject({
      isEnabled: true,
    })
  })
})
