import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { auditLog } from '../../db/schema/audit-log'
import { withNewEntries } from '../../test/audit-trail'
import { startFakeSupplier } from '../../test/fake-supplier'
import { createClient } from '../../test/http-client'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(databaseKinds)('M3U lines on %s', (kind) => {
  let supplier: Awaited<ReturnType<typeof startFakeSupplier>>
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const logs: string[] = []
  const order = (fields: object = {}) => ({
    subscriptionType: 3,
    packageId: '12',
    notes: 'For Ada',
    apiKey: supplier.apiKey,
    ...fields,
  })

  beforeAll(async () => {
    supplier = await startFakeSupplier()
    server = await startTestServer(kind, {
      env: { SUPPLIER_API_URL: supplier.apiUrl, SUPPLIER_TIMEOUT_MS: '500', LOG_LEVEL: 'trace' },
      logStream: (line) => logs.push(line),
    })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(async () => {
    await server.close()
    await supplier.close()
  })
  beforeEach(() => supplier.setMode('ok'))

  it('buys a line for the months chosen with the configured connections, and lists it', async () => {
    const response = await admin.post('/api/m3u-lines', order())
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      subscriptionType: 3,
      packageId: '12',
      status: 'active',
      createdBy: 'owner',
    })
    expect(response.body.m3uUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/get\.php\?username=line\d+&password=\w+&type=m3u_plus&output=ts$/,
    )
    const call = supplier.calls.at(-1)!
    expect(call.form.get('months')).toBe('3')
    expect(call.form.get('max_connections')).toBe('2')
    expect(call.form.get('is_trial')).toBe('0')
    const recent = await admin.get('/api/m3u-lines?limit=5')
    expect(recent.body[0].id).toBe(response.body.id)
  })

  it('buys a demo line as a trial', async () => {
    await admin.post('/api/m3u-lines', order({ subscriptionType: 99 }))
    expect(supplier.calls.at(-1)!.form.get('is_trial')).toBe('1')
    expect(supplier.calls.at(-1)!.form.get('months')).toBeNull()
  })

  it('never buys twice for one retried order', async () => {
    const requestId = randomUUID()
    const first = await admin.post('/api/m3u-lines', order({ requestId }))
    const again = await admin.post('/api/m3u-lines', order({ requestId }))
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(supplier.calls.filter((c) => c.form.get('reference') === requestId)).toHaveLength(1)
  })

  it('records the purchase once, with the line, and a retried order as replayed', async () => {
    const requestId = randomUUID()
    const bought = await withNewEntries(server.app.db, () =>
      admin.post('/api/m3u-lines', order({ requestId })),
    )
    const again = await withNewEntries(server.app.db, () =>
      admin.post('/api/m3u-lines', order({ requestId })),
    )
    expect(bought.entries).toEqual([
      expect.objectContaining({
        action: 'm3u_line.create',
        entityId: requestId,
        details: { fields: expect.arrayContaining(['packageId', 'apiKey']) },
      }),
    ])
    expect(again.entries).toEqual([
      expect.objectContaining({ entityId: requestId, details: { outcome: 'replayed' } }),
    ])
  })

  it('holds no transaction while the panel thinks', async () => {
    supplier.setMode('hang')
    let isAnswered = false
    const pending = admin.post('/api/m3u-lines', order()).finally(() => (isAnswered = true))
    await new Promise((resolve) => setTimeout(resolve, 100))
    // On PGlite an open transaction would hold its one connection: this read would wait for it.
    expect((await admin.get('/api/m3u-lines')).status).toBe(200)
    expect(isAnswered).toBe(false)
    expect((await pending).status).toBe(502)
  })

  it.each([
    ['no-credits', 'Not enough credits'],
    ['hang', 'The supplier panel did not answer in time. Please try again.'],
    ['bad-json', 'The supplier panel sent an answer we could not read (HTTP 200).'],
    ['server-error', 'The supplier panel refused the order (HTTP 500).'],
  ] as const)(
    'turns a supplier failure (%s) into a clear message and stores nothing, not even an entry',
    async (mode, message) => {
      supplier.setMode(mode)
      const before = (await server.app.db.select().from(m3uLines)).length
      const { result: response, entries } = await withNewEntries(server.app.db, () =>
        admin.post('/api/m3u-lines', order()),
      )
      expect(response.status).toBe(502)
      expect(response.body).toEqual({ message })
      expect((await server.app.db.select().from(m3uLines)).length).toBe(before)
      expect(entries).toEqual([])
    },
  )

  it('keeps the API key out of the database, the logs and every response', async () => {
    const response = await admin.post('/api/m3u-lines', order())
    expect(JSON.stringify(response.body)).not.toContain(supplier.apiKey)
    const stored = await server.app.db.select().from(m3uLines)
    expect(JSON.stringify(stored)).not.toContain(supplier.apiKey)
    expect(JSON.stringify(stored.map((row) => row.apiResponse))).toContain('[redacted]')
    expect(JSON.stringify(await server.app.db.select().from(auditLog))).not.toContain(
      supplier.apiKey,
    )
    expect(JSON.stringify((await admin.get('/api/m3u-lines')).body)).not.toContain(supplier.apiKey)
    expect(logs.length).toBeGreaterThan(0)
    expect(logs.join('\n')).not.toContain(supplier.apiKey)
  })

  it("uses the spec's messages for a bad order, and needs an admin", async () => {
    const bad = await admin.post('/api/m3u-lines', {
      subscriptionType: 5,
      packageId: '',
      apiKey: '',
    })
    expect(bad.body.issues).toEqual([
      { path: 'subscriptionType', message: 'Subscription type is required' },
      { path: 'packageId', message: 'Package ID is required' },
      { path: 'apiKey', message: 'API key is required' },
    ])
    expect((await createClient(server.baseUrl).post('/api/m3u-lines', order())).status).toBe(401)
    expect((await createClient(server.baseUrl).get('/api/m3u-lines')).status).toBe(401)
  })
})
