import { describe, expect, it } from 'vitest'
import { panelLine, panelSeconds, useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

/** Issue 34, items 1 and 2: the plan's screens on the panel, and the panel's own word shown. */
describe.each(postgresOnly)("a line with its plan's screens on %s", (kind) => {
  const t = useSupplierServer(kind)
  const path = (id: string, rest = '') => `/api/trial-requests/${id}${rest}`
  const since = (count: number) => t.supplier.calls.slice(count)
  const makePlan = async (name: string, maxConnections: number) => {
    const made = await t.admin.post('/api/plans', { name, price: '9.99', maxConnections })
    expect(made.status).toBe(201)
  }
  const personWithLine = async (plan: string) => {
    const person = await t.newPerson({ plan })
    const line = await t.admin.post(path(person.id, '/line'), {})
    expect(line.status).toBe(201)
    return { person, line: line.body as { id: string; username: string; expiresAt: string } }
  }
  const convert = (personId: string, paidPlan: string) =>
    t.admin.post(path(personId, '/convert-to-subscription'), {
      paidPlan,
      subscriptionMonths: 1,
      subscriptionPrice: '9.99',
    })

  it("makes a trial's line with the screens of the plan asked for, else the default", async () => {
    await makePlan('Household Trial', 3)
    const { line, person } = await personWithLine('household trial')
    expect(panelLine(t.supplier, line.username).max_connections).toBe('3')
    expect((await t.admin.get(path(person.id, '/line'))).body).toMatchObject({
      maxConnections: 3,
      panel: { maxConnections: 3 },
    })
    // "Not sure yet", or a plan no longer offered: the Business Settings' default (2).
    const unsure = await personWithLine('Not sure yet')
    expect(panelLine(t.supplier, unsure.line.username).max_connections).toBe('2')
  })

  it("changes the panel's screens when the person converts to another plan", async () => {
    await makePlan('Starter One', 1)
    await makePlan('Household Three', 3)
    const { person, line } = await personWithLine('Starter One')
    expect(panelLine(t.supplier, line.username).max_connections).toBe('1')
    const seen = t.supplier.calls.length
    expect((await convert(person.id, 'Household Three')).status).toBe(200)
    const edit = since(seen).find((call) => call.action === 'edit_line')!
    expect(edit.form.get('max_connections')).toBe('3')
    expect(panelLine(t.supplier, line.username).max_connections).toBe('3')
    const history = (await t.admin.get(`/api/m3u-lines/${line.id}/history`)).body as {
      events: { kind: string }[] | null
    }[]
    expect(history.flatMap((call) => call.events ?? [])).toContainEqual({
      kind: 'connections',
      maxConnections: 3,
    })
  })

  it('switches a line the panel disabled back on when the person converts', async () => {
    const { person, line } = await personWithLine('Starter')
    // Disabled on the panel itself; no sync has told us.
    t.supplier.editOnPanel(line.username, { enabled: '0' })
    const seen = t.supplier.calls.length
    expect((await convert(person.id, 'Starter')).status).toBe(200)
    expect(since(seen).map((call) => call.action)).toEqual([
      'get_line',
      'edit_line',
      'enable_line',
      'get_line',
    ])
    expect(panelLine(t.supplier, line.username).enabled).toBe('1')
    const shown = (await t.admin.get(path(person.id, '/line'))).body
    expect(shown).toMatchObject({ status: 'active', isTrial: false, panel: { isEnabled: true } })
  })

  it('switches a line the panel disabled back on when the subscription is extended', async () => {
    const { person, line } = await personWithLine('Starter')
    expect((await convert(person.id, 'Starter')).status).toBe(200)
    t.supplier.editOnPanel(line.username, { enabled: '0' })
    const extended = await t.admin.post(path(person.id, '/subscription/extend'), {
      months: 1,
      price: '9.99',
    })
    expect(extended.status).toBe(200)
    expect(panelLine(t.supplier, line.username)).toMatchObject({
      enabled: '1',
      exp_date: panelSeconds(extended.body.subscriptionEndDate),
    })
  })

  it('shows what the panel says after a change, and lists a difference at once', async () => {
    const { person, line } = await personWithLine('Starter')
    // The supplier switches the line off while our conversion is on its way.
    const held = t.supplier.hold('edit_line')
    const converting = convert(person.id, 'Starter')
    await held.arrived
    t.supplier.editOnPanel(line.username, { enabled: '0' })
    held.release()
    expect((await converting).status).toBe(200)

    const shown = (await t.admin.get(path(person.id, '/line'))).body
    expect(shown).toMatchObject({ status: 'active', panel: { isEnabled: false } })
    const drift = (await t.admin.get('/api/supplier/drift')).body as {
      lineId: string
      kind: string
    }[]
    expect(drift.filter((entry) => entry.lineId === line.id).map((entry) => entry.kind)).toEqual([
      'enabled',
    ])
  })
})
