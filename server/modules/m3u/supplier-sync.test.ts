import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { notifications } from '../../db/schema/notifications'
import { supplierState } from '../../db/schema/supplier-state'
import { createClient } from '../../test/http-client'
import { panelLine, useSupplierServer } from '../../test/supplier-server'
import { databaseKinds } from '../../test/test-server'

type Drift = { id: string; lineId: string | null; username: string; kind: string }

describe.each(databaseKinds)('reconciling with the supplier panel on %s', (kind) => {
  const t = useSupplierServer(kind)
  const sync = () => t.admin.post('/api/supplier/sync', {})
  const drift = async (): Promise<Drift[]> => (await t.admin.get('/api/supplier/drift')).body
  const noticesOf = async (type: string) =>
    (await t.server.app.db.select().from(notifications)).filter((n) => n.type === type)
  const personWithLine = async () => {
    const person = await t.newPerson()
    const line = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    expect(line.status).toBe(201)
    return line.body as { id: string; username: string; password: string; expiresAt: string }
  }
  /** A line someone made on the panel itself, which we know nothing of. */
  const lineMadeOnPanel = async (username: string) => {
    const url = `${t.supplier.apiUrl}?api_key=${t.supplier.apiKey}&action=create_line`
    const form = new URLSearchParams({ username, password: 'Xy12345678', is_trial: '1' })
    await fetch(url, { method: 'POST', body: form })
  }

  it('answers reachable with the credits, and says why when it is not', async () => {
    expect((await t.admin.get('/api/supplier/status')).body).toEqual({
      reachable: true,
      credits: 100,
      lastSyncAt: null,
      creditAlert: false,
      // One reading of the credits so far: no rate to tell yet.
      dailySpend: null,
      daysLeft: null,
      problem: null,
    })
    t.supplier.setMode('html-error')
    const down = await t.admin.get('/api/supplier/status')
    expect(down.body).toMatchObject({ reachable: false, credits: null })
    expect(down.body.problem).toEqual(expect.any(String))
  })

  it('finds each kind of difference, tells the admins once, and puts each right', async () => {
    const late = await personWithLine()
    const off = await personWithLine()
    const gone = await personWithLine()
    const laterSeconds = String(Math.floor(new Date(late.expiresAt).getTime() / 1000) + 86_400)
    t.supplier.editOnPanel(late.username, { exp_date: laterSeconds })
    t.supplier.editOnPanel(off.username, { enabled: '0' })
    // Our record of a line the panel no longer has.
    await t.server.app.db
      .update(m3uLines)
      .set({ supplierId: '999999', username: 'slgone00001' })
      .where(eq(m3uLines.id, gone.id))
    await lineMadeOnPanel('strangerline01')

    const synced = await sync()
    expect(synced.status).toBe(200)
    // The panel's line under its old username is unknown here now, as is the stranger's.
    expect(synced.body).toMatchObject({ skipped: false, drift: 5, credits: expect.any(Number) })
    const found = await drift()
    const named = (username: string) => found.filter((entry) => entry.username === username)
    expect(named(late.username)).toEqual([
      expect.objectContaining({
        kind: 'expiry',
        lineId: late.id,
        ours: { expiresAt: late.expiresAt, isEnabled: true },
        panel: { expiresAt: new Date(Number(laterSeconds) * 1000).toISOString(), isEnabled: true },
      }),
    ])
    expect(named(off.username)).toEqual([
      expect.objectContaining({
        kind: 'enabled',
        lineId: off.id,
        ours: expect.objectContaining({ isEnabled: true }),
        panel: expect.objectContaining({ isEnabled: false }),
      }),
    ])
    expect(named('slgone00001')).toEqual([
      expect.objectContaining({ kind: 'missing_on_panel', lineId: gone.id, panel: null }),
    ])
    expect(named('strangerline01')).toEqual([
      expect.objectContaining({ kind: 'unknown_on_panel', lineId: null, ours: null }),
    ])
    expect(named(gone.username)).toEqual([
      expect.objectContaining({ kind: 'unknown_on_panel', lineId: null }),
    ])
    expect(await noticesOf('supplier_drift')).toHaveLength(1)
    await sync()
    expect(await noticesOf('supplier_drift')).toHaveLength(1)

    for (const entry of found) {
      const fixed = await t.admin.post(`/api/supplier/drift/${entry.id}/fix`, { keep: 'ours' })
      expect([entry.kind, fixed.status, fixed.body]).toEqual([
        entry.kind,
        200,
        { isFixed: true, problem: null, subscriptionEnd: null },
      ])
    }
    expect(panelLine(t.supplier, late.username).exp_date).toBe(
      String(Math.floor(new Date(late.expiresAt).getTime() / 1000)),
    )
    expect(panelLine(t.supplier, off.username).enabled).toBe('1')
    expect(panelLine(t.supplier, 'slgone00001').password).toBe(gone.password)
    expect(panelLine(t.supplier, 'strangerline01').enabled).toBe('0')
    expect(await drift()).toEqual([])
    // Lines we do not know stay unknown here, disabled now; nothing else differs.
    expect((await sync()).body.drift).toBe(2)
    expect((await drift()).map((entry) => entry.username).sort()).toEqual(
      [gone.username, 'strangerline01'].sort(),
    )
    expect(
      (await t.admin.post(`/api/supplier/drift/${found[0]!.id}/fix`, { keep: 'ours' })).status,
    ).toBe(404)
  })

  it('alerts once when credits fall below the threshold, and again after they recover', async () => {
    t.supplier.setCredits(5)
    await sync()
    await sync()
    expect(await noticesOf('supplier_credits_low')).toHaveLength(1)
    expect((await t.admin.get('/api/supplier/status')).body).toMatchObject({
      credits: 5,
      creditAlert: true,
      lastSyncAt: t.now.toISOString(),
    })
    t.supplier.setCredits(50)
    await sync()
    t.supplier.setCredits(3)
    await sync()
    expect(await noticesOf('supplier_credits_low')).toHaveLength(2)
    t.supplier.setCredits(100)
  })

  it('skips while another process reconciles, and answers 502 when the panel fails', async () => {
    await sync()
    await t.server.app.db
      .update(supplierState)
      .set({ syncClaimedUntil: new Date(t.now.getTime() + 60_000) })
    expect((await sync()).body).toMatchObject({ skipped: true })
    await t.server.app.db.update(supplierState).set({ syncClaimedUntil: null })

    t.supplier.setMode('server-error', ['get_lines'])
    const failed = await sync()
    expect(failed.status).toBe(502)
    t.supplier.setMode('ok')
    expect((await sync()).body).toMatchObject({ skipped: false })
  })

  it('keeps its settings in Business Settings, checked', async () => {
    const refused = await t.admin.put('/api/settings/supplier', {
      packageId: '3',
      gracePeriodDays: 91,
      creditAlertThreshold: -1,
    })
    expect(refused.body.issues).toEqual([
      { path: 'gracePeriodDays', message: 'Grace period must be between 0 and 90 days' },
      {
        path: 'creditAlertThreshold',
        message: 'Credit alert threshold must be between 0 and 1000000',
      },
    ])
    expect((await t.admin.get('/api/settings/supplier')).body).toEqual({
      packageId: '3, 5',
      gracePeriodDays: 0,
      creditAlertThreshold: 10,
      creditDaysAlert: 7,
      creditsPerLine: 1,
    })
  })

  it('is for admins only', async () => {
    const stranger = createClient(t.server.baseUrl)
    for (const path of ['/api/supplier/status', '/api/supplier/drift', '/api/settings/supplier']) {
      expect((await stranger.get(path)).status).toBe(401)
    }
    expect((await stranger.post('/api/supplier/sync', {})).status).toBe(401)
  })
})
