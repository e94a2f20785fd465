import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { panelCalls } from '../../db/schema/panel-calls'
import { startFakeSupplier, type FakeSupplier } from '../../test/fake-supplier'
import { createClient } from '../../test/http-client'
import { newPanelLine } from '../../test/panel-orders'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'
import { recordedPanel } from './panel-ledger'
import { createXuiPanel } from './xui-panel'

describe.each(postgresOnly)('the panel ledger and the server key on %s', (kind) => {
  let supplier: FakeSupplier
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const logs: string[] = []
  const order = (fields: object = {}) => ({
    subscriptionType: 1,
    packageId: '3',
    requestId: randomUUID(),
    ...fields,
  })
  const lastCreate = () => supplier.calls.filter((call) => call.action === 'create_line').at(-1)!
  const rowsOf = (lineId: string) =>
    server.app.db.select().from(panelCalls).where(eq(panelCalls.lineId, lineId))

  beforeAll(async () => {
    supplier = await startFakeSupplier({ slowMs: 3_000 })
    server = await startTestServer(kind, {
      env: {
        SUPPLIER_API_URL: supplier.apiUrl,
        SUPPLIER_API_KEY: supplier.apiKey,
        SUPPLIER_TIMEOUT_MS: '1000',
        LOG_LEVEL: 'trace',
      },
      logStream: (line) => logs.push(line),
    })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(async () => {
    await server?.close()
    await supplier?.close()
  })
  beforeEach(() => {
    supplier.setMode('ok')
    supplier.setCredits(100)
  })

  it('tells the form the server holds a key, and never the key', async () => {
    const config = await admin.get('/api/supplier/config')
    expect(config.body).toEqual({ hasServerKey: true })
  })

  it("buys with the server's key when the form's is left empty", async () => {
    for (const body of [order(), order({ apiKey: '' }), order({ apiKey: '   ' })]) {
      expect((await admin.post('/api/m3u-lines', body)).status).toBe(201)
      expect(lastCreate().query.get('api_key')).toBe(supplier.apiKey)
    }
  })

  it("uses a typed key instead of the server's", async () => {
    const credits = supplier.credits
    expect((await admin.post('/api/m3u-lines', order({ apiKey: supplier.adminKey }))).status).toBe(
      201,
    )
    expect(lastCreate().query.get('api_key')).toBe(supplier.adminKey)
    expect(supplier.credits).toBe(credits)
  })

  it('records each order call after it returns: who, what, for which line, how it ended', async () => {
    const body = order()
    const bought = await admin.post('/api/m3u-lines', body)
    expect(await rowsOf(body.requestId)).toEqual([
      {
        id: expect.any(String),
        at: expect.any(Date),
        action: 'create_line',
        lineId: body.requestId,
        personId: null,
        panelLineId: bought.body.supplierId,
        outcome: 'STATUS_SUCCESS',
        httpStatus: 200,
        durationMs: expect.any(Number),
        actor: 'owner',
        message: null,
        events: [
          {
            kind: 'created',
            isTrial: false,
            expiresAt: expect.stringMatching(/Z$/),
          },
        ],
        // Only a user_info answer carries a balance.
        credits: null,
      },
    ])

    supplier.setCredits(0)
    const refused = order()
    await admin.post('/api/m3u-lines', refused)
    expect(await rowsOf(refused.requestId)).toEqual([
      expect.objectContaining({
        action: 'create_line',
        outcome: 'STATUS_INSUFFICIENT_CREDITS',
        httpStatus: 200,
        panelLineId: null,
        message: 'Not enough credits.',
      }),
    ])
  })

  it("answers a line's history newest first, a page at a time", async () => {
    const body = order()
    supplier.setMode('slow')
    expect((await admin.post('/api/m3u-lines', body)).status).toBe(504)
    supplier.setMode('ok')
    const line = (await admin.post('/api/m3u-lines', body)).body

    const first = await admin.get(`/api/m3u-lines/${line.id}/history?limit=1`)
    expect(first.status).toBe(200)
    expect(first.body).toEqual([
      expect.objectContaining({
        action: 'create_line',
        outcome: 'STATUS_SUCCESS',
        panelLineId: line.supplierId,
        message: 'Made by an earlier attempt (STATUS_EXISTS_USERNAME); found by its username',
        at: expect.stringMatching(/Z$/),
      }),
    ])
    const cursor = first.headers.get('x-next-cursor')
    expect(cursor).toBeTruthy()
    const second = await admin.get(`/api/m3u-lines/${line.id}/history?limit=1&cursor=${cursor}`)
    expect(second.body).toEqual([
      expect.objectContaining({
        outcome: 'timeout',
        httpStatus: null,
        message: 'The supplier panel did not answer in time. Please try again.',
      }),
    ])
    expect(second.headers.get('x-next-cursor')).toBeNull()
  })

  it('records every kind of call of a wrapped panel, for the person and line given', async () => {
    const lineId = randomUUID()
    const personId = randomUUID()
    const panel = recordedPanel(
      server.app.db,
      createXuiPanel({ apiUrl: supplier.apiUrl, timeoutMs: 1_000 }),
      { actor: 'system', lineId, personId },
    )
    const { id, username } = await panel.createLine(supplier.apiKey, newPanelLine())
    await panel.editLine(supplier.apiKey, id, { maxConnections: 3 })
    await panel.disableLine(supplier.apiKey, id)
    await panel.enableLine(supplier.apiKey, id)
    await panel.getLine(supplier.apiKey, id)
    await panel.findLineByUsername(supplier.apiKey, username)
    await panel.listLines(supplier.apiKey)
    await panel.credits(supplier.adminKey)
    await expect(panel.getLine('not-the-key', id)).rejects.toThrow('Invalid API key')
    panel.playlistUrl(username, 'x')

    // Calls a millisecond apart may share a time: compare them as a set.
    const rows = await rowsOf(lineId)
    const row = (action: string, outcome = 'STATUS_SUCCESS') =>
      rows.filter((candidate) => candidate.action === action && candidate.outcome === outcome)
    expect(rows.map((row) => `${row.action} ${row.outcome}`).sort()).toEqual([
      'create_line STATUS_SUCCESS',
      'disable_line STATUS_SUCCESS',
      'edit_line STATUS_SUCCESS',
      'enable_line STATUS_SUCCESS',
      'get_line STATUS_FAILURE',
      'get_line STATUS_SUCCESS',
      'get_lines STATUS_SUCCESS',
      'get_lines STATUS_SUCCESS',
      'user_info STATUS_SUCCESS',
    ])
    expect(rows.every((row) => row.personId === personId && row.actor === 'system')).toBe(true)
    expect(row('get_line', 'STATUS_FAILURE')[0]).toMatchObject({ httpStatus: 401, panelLineId: id })
    // A change of screens and enabling each say so in words.
    expect(row('edit_line')[0]).toMatchObject({
      message: null,
      events: [{ kind: 'connections', maxConnections: 3 }],
    })
    expect(row('enable_line')[0]!.events).toEqual([{ kind: 'enabled' }])
    expect(row('user_info')[0]!.message).toBe('Credits unknown (not a reseller key)')
  })

  it('keeps the ledger append-only and free of keys', async () => {
    await expect(
      server.app.db.execute(sql`update panel_calls set actor = 'someone'`),
    ).rejects.toThrow()
    await expect(server.app.db.execute(sql`delete from panel_calls`)).rejects.toThrow()
    const rows = JSON.stringify(await server.app.db.select().from(panelCalls))
    expect(rows).toContain('create_line')
    expect(rows).not.toContain(supplier.apiKey)
    expect(rows).not.toContain(supplier.adminKey)
    expect(logs.join('\n')).not.toContain(supplier.apiKey)
  })

  it('answers history to admins only, and 404 for a line that does not exist', async () => {
    expect((await admin.get(`/api/m3u-lines/${randomUUID()}/history`)).status).toBe(404)
    expect((await admin.get('/api/m3u-lines/not-an-id/history')).status).toBe(400)
    const anonymous = createClient(server.baseUrl)
    expect((await anonymous.get(`/api/m3u-lines/${randomUUID()}/history`)).status).toBe(401)
  })
})
