import { beforeAll, describe, expect, it } from 'vitest'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { postgresOnly } from '../../test/test-server'
import { useSupplierServer } from '../../test/supplier-server'

// The panel answers at most 1000 lines a page: ours come after a full page of others'.
const onPageOne = Array.from({ length: 1000 }, (_, index) => `panelmade${index}`)

describe.each(postgresOnly)("every page of the panel's lines on %s", (kind) => {
  const t = useSupplierServer(kind)
  const lineOf = (id: string) => `/api/trial-requests/${id}/line`
  const onPanel = (username: string) =>
    t.supplier.lines.filter((line) => line.username === username)
  beforeAll(() => t.supplier.makeOnPanel(onPageOne))

  it('finds the line a lost answer made on page two instead of buying another', async () => {
    const person = await t.newPerson()
    t.supplier.setMode('lose-answer', ['create_line'])
    const made = await t.admin.post(lineOf(person.id), {})
    expect(made.status).toBe(201)
    expect(onPanel(made.body.username)).toHaveLength(1)
    expect(made.body.supplierLineId).toBe(onPanel(made.body.username)[0]!.id)
    const creates = t.supplier.calls.filter(
      (call) => call.action === 'create_line' && call.form.get('username') === made.body.username,
    )
    expect(creates).toHaveLength(1)
  })

  it('reconciles the lines past the first page', async () => {
    const person = await t.newPerson()
    const made = await t.admin.post(lineOf(person.id), {})
    expect(made.status).toBe(201)
    t.supplier.editOnPanel(made.body.username, { enabled: '0' })

    const synced = await t.admin.post('/api/supplier/sync', {})
    expect(synced.status).toBe(200)
    const drift = await t.server.app.db.select().from(supplierDrift)
    // Every line of ours is found (none missing), the one changed on the panel differs.
    expect(drift.filter((entry) => entry.kind !== 'unknown_on_panel')).toEqual([
      expect.objectContaining({ kind: 'enabled', username: made.body.username }),
    ])
    expect(drift.filter((entry) => entry.kind === 'unknown_on_panel')).toHaveLength(
      onPageOne.length,
    )
    expect(synced.body.drift).toBe(onPageOne.length + 1)
  })
})
