import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { auditLog } from '../../db/schema/audit-log'
import { m3uLines } from '../../db/schema/m3u-lines'
import { panelCalls } from '../../db/schema/panel-calls'
import { withNewEntries } from '../../test/audit-trail'
import { startFakeSupplier, type FakeSupplier } from '../../test/fake-supplier'
import { createClient } from '../../test/http-client'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { orderLineUsername } from './line-credentials'

const hour = 60 * 60 * 1000
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

describe.each(databaseKinds)('M3U lines from the form on %s', (kind) => {
  let supplier: FakeSupplier
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const logs: string[] = []
  const order = (fields: object = {}) => ({
    subscriptionType: 3,
    packageId: '12, 15',
    notes: 'For Ada',
    apiKey: supplier.apiKey,
    requestId: randomUUID(),
    ...fields,
  })
  const createCalls = (username: string) =>
    supplier.calls.filter((c) => c.action === 'create_line' && c.form.get('username') === username)
  const panelLinesNamed = (username: string) =>
    supplier.lines.filter((l) => l.username === username)
  const storedLines = async () => (await server.app.db.select().from(m3uLines)).length

  beforeAll(async () => {
    supplier = await startFakeSupplier({ slowMs: 3_000 })
    server = await startTestServer(kind, {
      env: { SUPPLIER_API_URL: supplier.apiUrl, SUPPLIER_TIMEOUT_MS: '1000', LOG_LEVEL: 'trace' },
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

  it('buys a line for the months chosen, our login, the bouquets and the configured connections', async () => {
    const body = order()
    const before = new Date()
    const response = await admin.post('/api/m3u-lines', body)
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      id: body.requestId,
      subscriptionType: 3,
      packageId: '12,15',
      status: 'active',
      createdBy: 'owner',
      supplierId: supplier.lines.at(-1)!.id,
    })
    const username = orderLineUsername(body.requestId)
    const [call] = createCalls(username)
    const password = call!.form.get('password')!
    expect(password).toMatch(/^[0-9A-Za-z]{16}$/)
    expect(response.body.m3uUrl).toBe(
      `${supplier.origin}/get.php?username=${username}&password=${password}&type=m3u_plus&output=ts`,
    )
    expect(call!.form.get('max_connections')).toBe('2')
    expect(call!.form.get('is_trial')).toBe('0')
    expect(call!.form.getAll('bouquets_selected[]')).toEqual(['12', '15'])
    expect(call!.form.get('notes')).toBe(`StreamLine ${body.requestId}: For Ada`)
    const expiry = Number(call!.form.get('exp_date'))
    expect(expiry).toBeGreaterThanOrEqual(seconds(addCalendarMonths(before, 3)))
    expect(expiry).toBeLessThanOrEqual(seconds(addCalendarMonths(new Date(), 3)))

    const recent = await admin.get('/api/m3u-lines?limit=5')
    expect(recent.body[0].id).toBe(response.body.id)
  })

  it('buys a demo line as a trial ending after the trial length of Business Settings', async () => {
    const settings = await admin.put('/api/settings/platform', {
      trialDurationHours: 48,
      maxConcurrentStreams: 3,
    })
    expect(settings.status).toBe(200)
    const body = order({ subscriptionType: 99 })
    const before = Date.now()
    expect((await admin.post('/api/m3u-lines', body)).status).toBe(201)
    const [call] = createCalls(orderLineUsername(body.requestId))
    expect(call!.form.get('is_trial')).toBe('1')
    expect(call!.form.get('max_connections')).toBe('3')
    const expiry = Number(call!.form.get('exp_date')) * 1000
    expect(expiry).toBeGreaterThanOrEqual(before + 48 * hour - 1000)
    expect(expiry).toBeLessThanOrEqual(Date.now() + 48 * hour)
  })

  it('never buys twice for one retried order', async () => {
    const body = order()
    const first = await admin.post('/api/m3u-lines', body)
    const again = await admin.post('/api/m3u-lines', body)
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(createCalls(orderLineUsername(body.requestId))).toHaveLength(1)
  })

  it('answers with the line the panel made when its answer was lost, and the retry with the same', async () => {
    const body = order()
    const username = orderLineUsername(body.requestId)
    supplier.setMode('lose-answer', ['create_line'])
    const first = await admin.post('/api/m3u-lines', body)
    expect(first.status).toBe(201)
    expect(first.body.supplierId).toBe(panelLinesNamed(username)[0]!.id)
    supplier.setMode('ok')
    const again = await admin.post('/api/m3u-lines', body)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(panelLinesNamed(username)).toHaveLength(1)
    expect(createCalls(username)).toHaveLength(1)
  })

  it('reports a timeout it could not resolve; the retry finds the line bought, and pays once', async () => {
    const body = order()
    const username = orderLineUsername(body.requestId)
    supplier.setMode('slow')
    const lost = await admin.post('/api/m3u-lines', body)
    expect(lost.status).toBe(504)
    expect(lost.body).toEqual({
      message: 'The supplier panel did not answer in time. Please try again.',
    })
    const credits = supplier.credits
    expect(panelLinesNamed(username)).toHaveLength(1)

    supplier.setMode('ok')
    const retried = await admin.post('/api/m3u-lines', body)
    expect(retried.status).toBe(201)
    expect(retried.body.supplierId).toBe(panelLinesNamed(username)[0]!.id)
    expect(panelLinesNamed(username)).toHaveLength(1)
    expect(supplier.credits).toBe(credits)
  })

  it('records the purchase once, with the line, and a retried order as replayed', async () => {
    const body = order()
    const bought = await withNewEntries(server.app.db, () => admin.post('/api/m3u-lines', body))
    const again = await withNewEntries(server.app.db, () => admin.post('/api/m3u-lines', body))
    expect(bought.entries).toEqual([
      expect.objectContaining({
        action: 'm3u_line.create',
        entityId: body.requestId,
        details: { fields: expect.arrayContaining(['packageId', 'apiKey']) },
      }),
    ])
    expect(again.entries).toEqual([
      expect.objectContaining({ entityId: body.requestId, details: { outcome: 'replayed' } }),
    ])
  })

  it('holds no transaction while the panel thinks', async () => {
    supplier.setMode('slow')
    let isAnswered = false
    const pending = admin.post('/api/m3u-lines', order()).finally(() => (isAnswered = true))
    // The panel has the order once the fake logs its call; the answer is seconds away.
    await expect.poll(() => supplier.calls.at(-1)?.action).toBe('create_line')
    // On PGlite an open transaction would hold its one connection: this read would wait for it.
    expect((await admin.get('/api/m3u-lines')).status).toBe(200)
    expect(isAnswered).toBe(false)
    expect((await pending).status).toBe(504)
  })

  it.each([
    ['no credits', 502, 'Not enough credits.'],
    ['a refused key', 502, 'Invalid API key'],
    ['html-error', 502, 'The supplier panel sent an answer we could not read (HTTP 200).'],
    ['server-error', 502, 'The supplier panel sent an answer we could not read (HTTP 500).'],
    ['slow', 504, 'The supplier panel did not answer in time. Please try again.'],
  ] as const)(
    'turns a panel failure (%s) into %i with a clear message, storing no line and no entry',
    async (failure, status, message) => {
      if (failure === 'no credits') supplier.setCredits(0)
      else if (failure !== 'a refused key') supplier.setMode(failure)
      const before = await storedLines()
      const body = order(failure === 'a refused key' ? { apiKey: 'not-the-key' } : {})
      const { result: response, entries } = await withNewEntries(server.app.db, () =>
        admin.post('/api/m3u-lines', body),
      )
      expect(response.status).toBe(status)
      expect(response.body).toEqual({ message })
      expect(await storedLines()).toBe(before)
      expect(entries).toEqual([])
    },
  )

  it('keeps the API key out of the database, the ledger, the logs and every answer', async () => {
    const response = await admin.post('/api/m3u-lines', order())
    supplier.setMode('html-error')
    const failed = await admin.post('/api/m3u-lines', order())
    for (const answer of [response, failed, await admin.get('/api/m3u-lines')]) {
      expect(JSON.stringify(answer.body)).not.toContain(supplier.apiKey)
    }
    const stored = await server.app.db.select().from(m3uLines)
    expect(JSON.stringify(stored)).not.toContain(supplier.apiKey)
    expect(JSON.stringify(stored.map((row) => row.apiResponse))).toContain('[redacted]')
    const everything = [auditLog, panelCalls].map((table) => server.app.db.select().from(table))
    const written = JSON.stringify(await Promise.all(everything))
    expect(written).toContain('create_line')
    expect(written).not.toContain(supplier.apiKey)
    expect(logs.length).toBeGreaterThan(0)
    expect(logs.join('\n')).not.toContain(supplier.apiKey)
    // The key went to the panel in the query of each call, and nowhere else.
    for (const call of supplier.calls) expect(call.form.toString()).not.toContain(supplier.apiKey)
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
    const notBouquets = await admin.post('/api/m3u-lines', order({ packageId: 'pkg-1' }))
    expect(notBouquets.status).toBe(400)
    expect(notBouquets.body.issues).toEqual([
      { path: 'packageId', message: 'Package ID must be bouquet numbers separated by commas' },
    ])
    expect((await createClient(server.baseUrl).post('/api/m3u-lines', order())).status).toBe(401)
    expect((await createClient(server.baseUrl).get('/api/m3u-lines')).status).toBe(401)
  })

  it('tells the form that the server holds no key', async () => {
    expect((await admin.get('/api/supplier/config')).body).toEqual({ hasServerKey: false })
    expect((await createClient(server.baseUrl).get('/api/supplier/config')).status).toBe(401)
  })
})
