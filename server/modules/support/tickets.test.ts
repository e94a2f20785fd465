import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

const ticket = {
  customerName: 'Grace Hopper',
  customerEmail: 'grace@example.com',
  subject: 'Buffering on my TV',
  description: 'The stream stops every few minutes.',
}

describe.each(postgresOnly)('support tickets on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let clock = new Date('2026-11-01T09:00:00Z')
  let visitor = 0
  const customer = () =>
    createClient(server.baseUrl, { 'x-forwarded-for': `198.51.100.${++visitor}` })
  const open = async (fields: object = {}) => {
    const response = await customer().post('/api/support-tickets', { ...ticket, ...fields })
    expect(response.status).toBe(201)
    return response.body
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock, env: { TRUST_PROXY: 'true' } })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('opens a ticket with a random UUID v4 and medium priority by default', async () => {
    const created = await open()
    expect(created.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(created).toMatchObject({
      ...ticket,
      status: 'open',
      priority: 'medium',
      assignedTo: null,
    })
    const fetched = await customer().get(`/api/support-tickets/${created.id}`)
    expect(fetched.body).toEqual(created)
  })

  it('names each missing field', async () => {
    const response = await customer().post('/api/support-tickets', { priority: 'asap' })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([
      { path: 'customerName', message: 'Full name is required' },
      { path: 'customerEmail', message: 'Please enter a valid email address' },
      { path: 'subject', message: 'Subject is required' },
      { path: 'description', message: 'Description is required' },
      { path: 'priority', message: 'Priority must be low, medium, high or urgent' },
    ])
  })

  it('answers 404 for an unknown ticket and 400 for a malformed id', async () => {
    expect(
      (await customer().get('/api/support-tickets/6f1c1a2e-1d3b-4c5d-8e9f-0a1b2c3d4e5f')).status,
    ).toBe(404)
    expect((await customer().get('/api/support-tickets/12345')).status).toBe(400)
  })

  it('lists tickets for admins only, a page at a time, filtered by status', async () => {
    expect((await customer().get('/api/support-tickets')).status).toBe(401)
    for (let i = 0; i < 3; i++) {
      clock = new Date(clock.getTime() + 1000)
      await open({ subject: `Page ${i}` })
    }
    const first = await admin.get('/api/support-tickets?limit=2')
    expect(first.body).toHaveLength(2)
    const total = Number(first.headers.get('x-total-count'))
    expect(total).toBeGreaterThanOrEqual(4)
    const seen = [...first.body]
    let cursor = first.headers.get('x-next-cursor')
    while (cursor) {
      const page = await admin.get(`/api/support-tickets?limit=2&cursor=${cursor}`)
      seen.push(...page.body)
      cursor = page.headers.get('x-next-cursor')
    }
    expect(new Set(seen.map((t: any) => t.id)).size).toBe(total)

    const [target] = seen
    await admin.request('PATCH', `/api/support-tickets/${target.id}`, {
      status: 'resolved',
      assignedTo: 'owner',
    })
    const resolved = await admin.get('/api/support-tickets?status=resolved')
    expect(resolved.body.map((t: any) => t.id)).toEqual([target.id])
    expect(resolved.body[0]).toMatchObject({ status: 'resolved', assignedTo: 'owner' })
    expect((await admin.get('/api/support-tickets?status=done')).status).toBe(400)
  })

  it('lets only admins change a ticket, and only to a known status', async () => {
    const created = await open()
    expect(
      (
        await customer().request('PATCH', `/api/support-tickets/${created.id}`, {
          status: 'closed',
        })
      ).status,
    ).toBe(401)
    const bad = await admin.request('PATCH', `/api/support-tickets/${created.id}`, {
      status: 'done',
    })
    expect(bad.body.issues).toEqual([
      { path: 'status', message: 'Status must be open, in_progress, resolved or closed' },
    ])
    expect((await admin.request('PATCH', `/api/support-tickets/${created.id}`, {})).status).toBe(
      400,
    )
  })

  it('limits new tickets to 10 a minute per IP', async () => {
    const client = customer()
    for (let i = 0; i < 10; i++)
      expect((await client.post('/api/support-tickets', ticket)).status).toBe(201)
    expect((await client.post('/api/support-tickets', ticket)).status).toBe(429)
  })
})
