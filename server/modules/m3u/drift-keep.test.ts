import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { panelLine, panelSeconds, useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

type Drift = { id: string; lineId: string | null; kind: string }

/** Issue 34, item 3: a difference put right the way the admin chooses. */
describe.each(postgresOnly)("keeping ours or the panel's on %s", (kind) => {
  const t = useSupplierServer(kind)
  const path = (id: string, rest = '') => `/api/trial-requests/${id}${rest}`
  const fix = (id: string, body: unknown) => t.admin.post(`/api/supplier/drift/${id}/fix`, body)
  const driftOf = async (lineId: string): Promise<Drift[]> => {
    expect((await t.admin.post('/api/supplier/sync', {})).status).toBe(200)
    const all: Drift[] = (await t.admin.get('/api/supplier/drift')).body
    return all.filter((entry) => entry.lineId === lineId)
  }
  const paidLine = async () => {
    const person = await t.newPerson()
    const line = await t.admin.post(path(person.id, '/line'), {})
    expect(line.status).toBe(201)
    const converted = await t.admin.post(path(person.id, '/convert-to-subscription'), {
      paidPlan: 'Family',
      subscriptionMonths: 1,
      subscriptionPrice: '14.99',
    })
    expect(converted.status).toBe(200)
    return { person, line: line.body as { id: string; username: string } }
  }

  it('refuses a fix that does not say which side to keep, naming keep', async () => {
    const { line } = await paidLine()
    t.supplier.editOnPanel(line.username, { enabled: '0' })
    const [entry] = await driftOf(line.id)
    for (const body of [{}, { keep: 'both' }]) {
      const refused = await fix(entry!.id, body)
      expect(refused.status).toBe(400)
      expect(refused.body.issues).toEqual([
        { path: 'keep', message: "keep must be 'ours' or 'panel'" },
      ])
    }
  })

  it("keeps the panel's later expiry: the subscription now ends then, in the trail", async () => {
    const { person, line } = await paidLine()
    const supplierEnd = new Date(t.now.getTime() + 62 * 24 * 60 * 60 * 1000)
    t.supplier.editOnPanel(line.username, { exp_date: panelSeconds(supplierEnd) })
    const [entry] = await driftOf(line.id)
    expect(entry).toMatchObject({ kind: 'expiry' })

    const seen = t.supplier.calls.length
    const kept = await fix(entry!.id, { keep: 'panel' })
    const end = new Date(Number(panelSeconds(supplierEnd)) * 1000).toISOString()
    expect([kept.status, kept.body]).toEqual([
      200,
      { isFixed: true, problem: null, subscriptionEnd: end },
    ])
    // Read, never changed: the panel keeps its date.
    expect(t.supplier.calls.slice(seen).map((call) => call.action)).toEqual(['get_line'])
    expect(panelLine(t.supplier, line.username).exp_date).toBe(panelSeconds(supplierEnd))
    const view = (await t.admin.get(`/api/people/${person.id}`)).body
    expect(view.person.subscriptionEndDate).toBe(end)
    expect((await t.admin.get(path(person.id, '/line'))).body).toMatchObject({
      expiresAt: end,
      panel: { expiresAt: end },
    })
    expect(await driftOf(line.id)).toEqual([])
    const trail = (await t.admin.get('/api/audit-log?entityType=supplier')).body as {
      action: string
      entityId: string
      details: unknown
    }[]
    expect(trail.find((e) => e.entityId === entry!.id)).toMatchObject({
      action: 'supplier.fix_drift',
      details: {
        outcome: 'completed',
        drift: { kind: 'expiry', keep: 'panel', subscriptionEnd: end },
      },
    })
  })

  it('keeps ours: the panel is set back to our expiry', async () => {
    const { person, line } = await paidLine()
    const ours = (await t.admin.get(path(person.id, '/line'))).body.expiresAt
    t.supplier.editOnPanel(line.username, { exp_date: String(Number(panelSeconds(ours)) + 86_400) })
    const [entry] = await driftOf(line.id)
    expect((await fix(entry!.id, { keep: 'ours' })).status).toBe(200)
    expect(panelLine(t.supplier, line.username).exp_date).toBe(panelSeconds(ours))
  })

  it("keeps the panel's disabled line disabled here, and refuses a side the panel has not", async () => {
    const { person, line } = await paidLine()
    t.supplier.editOnPanel(line.username, { enabled: '0' })
    const [entry] = await driftOf(line.id)
    expect((await fix(entry!.id, { keep: 'panel' })).status).toBe(200)
    expect((await t.admin.get(path(person.id, '/line'))).body).toMatchObject({
      status: 'disabled',
      panel: { isEnabled: false },
    })
    expect(await driftOf(line.id)).toEqual([])

    // A line the panel has lost: there is nothing of the panel's to keep.
    const lost = await paidLine()
    await t.server.app.db
      .update(m3uLines)
      .set({ supplierId: '999999', username: 'sllost000001' })
      .where(eq(m3uLines.id, lost.line.id))
    const missing = (await driftOf(lost.line.id)).find((e) => e.kind === 'missing_on_panel')!
    const refused = await fix(missing.id, { keep: 'panel' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/keep ours/)
  })
})
