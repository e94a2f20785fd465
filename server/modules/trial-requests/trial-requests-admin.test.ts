import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

describe.each(postgresOnly)('Users & Contacts API on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const clock = new Date('2026-11-10T12:00:00Z')
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const db = server.app.db
    const day = (n: number) => new Date(Date.UTC(2026, 10, n))
    ids.ada = (
      await insertTrialRequest(db, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@math.org',
        telegram: '@countess',
        createdAt: day(1),
      })
    ).id
    ids.alan = (
      await insertTrialRequest(db, {
        firstName: 'Alan',
        lastName: 'Turing',
        whatsapp: '+44 7700 900123',
        createdAt: day(2),
      })
    ).id
    ids.grace = (
      await insertTrialRequest(db, {
        firstName: 'Grace',
        lastName: 'Hopper',
        subscriptionId: 'SUB-GRACE100',
        createdAt: day(3),
        subscriptionStatus: 'expired',
      })
    ).id
    ids.percent = (
      await insertTrialRequest(db, { firstName: 'Per', lastName: '100%', createdAt: day(4) })
    ).id
  })
  afterAll(() => server.close())

  const names = (body: any[]) => body.map((r) => r.firstName)

  it('lists requests newest first, a page at a time', async () => {
    const first = await admin.get('/api/trial-requests?limit=3')
    expect(names(first.body)).toEqual(['Per', 'Grace', 'Alan'])
    const next = await admin.get(
      `/api/trial-requests?limit=3&cursor=${first.headers.get('x-next-cursor')}`,
    )
    expect(names(next.body)).toEqual(['Ada'])
    expect(next.headers.get('x-next-cursor')).toBeNull()
  })

  it.each([
    ['lovelace', ['Ada']],
    ['MATH.ORG', ['Ada']],
    ['countess', ['Ada']],
    ['7700 900', ['Alan']],
    ['sub-grace', ['Grace']],
    ['100%', ['Per']],
    ['%', ['Per']],
    ['nobody', []],
  ])(
    'searches %s over name, email, subscription id, telegram and whatsapp',
    async (q, expected) => {
      const response = await admin.get(`/api/trial-requests/search?q=${encodeURIComponent(q)}`)
      expect(names(response.body)).toEqual(expected)
    },
  )

  it('pages through a frequent search term in date order', async () => {
    const first = await admin.get('/api/trial-requests/search?q=example.com&limit=2')
    expect(names(first.body)).toEqual(['Per', 'Grace'])
    const cursor = first.headers.get('x-next-cursor')
    const second = await admin.get(
      `/api/trial-requests/search?q=example.com&limit=2&cursor=${cursor}`,
    )
    expect(names(second.body)).toEqual(['Alan'])
  })

  it('filters by subscription status and counts the stat cards', async () => {
    expect(names((await admin.get('/api/trial-requests?status=expired')).body)).toEqual(['Grace'])
    expect((await admin.get('/api/trial-requests?status=gone')).status).toBe(400)
    const stats = await admin.get('/api/trial-requests/stats')
    expect(stats.body).toEqual({
      total: 4,
      active: 0,
      trial: 3,
      expired: 1,
      cancelled: 0,
      conversionRate: '0.0',
    })
  })

  it('edits the trial plan and admin notes, naming bad fields', async () => {
    await admin.post('/api/plans', { name: 'Family', price: 14.99 })
    const updated = await admin.put(`/api/trial-requests/${ids.ada}`, {
      plan: 'Family',
      adminNotes: '  Call after 6pm  ',
    })
    expect(updated.body).toMatchObject({ plan: 'Family', adminNotes: 'Call after 6pm' })
    const bad = await admin.put(`/api/trial-requests/${ids.ada}`, { plan: 'Gold' })
    expect(bad.body.issues).toEqual([{ path: 'plan', message: 'Plan must be one of the plans' }])
    const status = await admin.put(`/api/trial-requests/${ids.ada}/status`, { status: 'Contacted' })
    expect(status.body.status).toBe('Contacted')
  })

  it('converts a trial to paid with calendar-month dates, once', async () => {
    const converted = await admin.post(`/api/trial-requests/${ids.alan}/convert-to-subscription`, {
      paidPlan: 'Family Plus',
      subscriptionMonths: 3,
      subscriptionPrice: '41.99',
    })
    expect(converted.status).toBe(200)
    expect(converted.body).toMatchObject({
      subscriptionStatus: 'active',
      paidPlan: 'Family Plus',
      subscriptionPrice: '41.99',
      subscriptionStartDate: '2026-11-10T12:00:00.000Z',
      subscriptionEndDate: '2027-02-10T12:00:00.000Z',
    })
    const again = await admin.post(`/api/trial-requests/${ids.alan}/convert-to-subscription`, {
      paidPlan: 'Family Plus',
      subscriptionMonths: 3,
      subscriptionPrice: 41.99,
    })
    expect(again.status).toBe(409)
    expect((await admin.get('/api/trial-requests/stats')).body).toMatchObject({
      active: 1,
      conversionRate: '25.0',
    })
  })

  it.each([
    [
      { subscriptionMonths: 0, subscriptionPrice: '9.99' },
      'subscriptionMonths',
      'Invalid subscription duration. Please enter 1-12 months.',
    ],
    [
      { subscriptionMonths: 13, subscriptionPrice: '9.99' },
      'subscriptionMonths',
      'Invalid subscription duration. Please enter 1-12 months.',
    ],
    [
      { subscriptionMonths: 1, subscriptionPrice: '0' },
      'subscriptionPrice',
      'Invalid price. Please enter a valid amount.',
    ],
    [
      { subscriptionMonths: 1, subscriptionPrice: 'free' },
      'subscriptionPrice',
      'Invalid price. Please enter a valid amount.',
    ],
  ])('refuses conversion with %o', async (body, path, message) => {
    const response = await admin.post(`/api/trial-requests/${ids.ada}/convert-to-subscription`, {
      paidPlan: 'Starter',
      ...body,
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([{ path, message }])
  })

  it('deletes a subscription back to a trial, and deletes a request', async () => {
    const reverted = await admin.delete(`/api/trial-requests/${ids.alan}/subscription`)
    expect(reverted.body).toMatchObject({
      subscriptionStatus: 'trial',
      paidPlan: null,
      subscriptionPrice: null,
      subscriptionEndDate: null,
    })
    expect((await admin.delete(`/api/trial-requests/${ids.alan}/subscription`)).status).toBe(409)
    expect((await admin.delete(`/api/trial-requests/${ids.percent}`)).status).toBe(204)
    expect((await admin.delete(`/api/trial-requests/${ids.percent}`)).status).toBe(404)
  })

  it('records who changed what in the audit trail', async () => {
    const trail = await admin.get(`/api/audit-log?entityId=${ids.alan}`)
    // Both happened at the same (frozen) instant, so compare without order.
    expect(trail.body.map((e: any) => `${e.actorUsername} ${e.action}`).sort()).toEqual([
      'owner trial_request.convert',
      'owner trial_request.delete_subscription',
    ])
    // Details name the fields a change sent, never their values; the subject keeps the plan and
    // price the trail's sentence shows ("owner converted Alan to Family Plus, 41.99").
    expect(JSON.stringify(trail.body.map((e: any) => e.details))).not.toContain('41.99')
    const convert = trail.body.find((e: any) => e.action === 'trial_request.convert')
    expect(convert.subject).toMatchObject({ price: '41.99' })
  })

  it('answers 304 to a poll when nothing changed', async () => {
    const first = await admin.get('/api/trial-requests')
    const etag = first.headers.get('etag')!
    const again = await fetch(new URL('/api/trial-requests', server.baseUrl), {
      headers: { cookie: admin.cookie!, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
  })

  it.each([
    ['GET', '/api/trial-requests'],
    ['GET', '/api/trial-requests/search?q=a'],
    ['GET', '/api/trial-requests/stats'],
    ['GET', '/api/trial-requests/export.csv'],
    ['PUT', '/api/trial-requests/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/trial-requests/00000000-0000-4000-8000-000000000000/convert-to-subscription'],
    ['DELETE', '/api/trial-requests/00000000-0000-4000-8000-000000000000/subscription'],
    ['GET', '/api/audit-log'],
  ])('refuses anonymous %s %s', async (method, path) => {
    expect((await createClient(server.baseUrl).request(method, path)).status).toBe(401)
  })
})
