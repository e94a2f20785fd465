import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../../db/schema/notifications'
import { trialRequests } from '../../db/schema/trial-requests'
import { createClient } from '../../test/http-client'
import { postgresOnly, startTestServer, type TestServer } from '../../test/test-server'

const form = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  plan: 'Starter',
  telegram: '@ada',
  whatsapp: '',
}
// Another person: one free trial per person, so each test that needs a new row brings its own.
const someoneElse = (email: string) => ({ ...form, email, telegram: null })

describe.each(postgresOnly)('POST /api/trial-requests on %s', (kind) => {
  let server: TestServer
  // Each test is its own visitor, so the per-IP limit only bites where a test means it to.
  let visitor = 0
  const client = () => createClient(server.baseUrl, { 'x-forwarded-for': `192.0.2.${++visitor}` })

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } })
  })
  afterAll(() => server.close())

  it('stores a Pending request with a SUB- id and tells the admins', async () => {
    const response = await client().post('/api/trial-requests', form)
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      outcome: 'received',
      status: 'Pending',
      subscriptionId: expect.stringMatching(/^SUB-[A-Z0-9]{8}$/),
    })
    const [row] = await server.app.db
      .select()
      .from(trialRequests)
      .where(eq(trialRequests.id, response.body.id))
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      telegram: '@ada',
      whatsapp: null,
      subscriptionStatus: 'trial',
      location: 'Unknown',
      device: 'Unknown',
    })
    const [notification] = await server.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, response.body.id))
    expect(notification).toMatchObject({
      type: 'trial_signup',
      recipientRole: 'admin',
      read: false,
    })
  })

  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const before = (await server.app.db.select().from(trialRequests)).length
    const response = await client().post('/api/trial-requests', {
      ...form,
      firstName: 'A',
      email: 'nope',
      plan: '',
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([
      { path: 'firstName', message: 'First name must be at least 2 characters' },
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'plan', message: 'Please select a plan' },
    ])
    expect((await server.app.db.select().from(trialRequests)).length).toBe(before)
  })

  it('stores a retried submission once', async () => {
    const clientRequestId = randomUUID()
    const visitorClient = client()
    const submission = { ...someoneElse('retried@example.com'), clientRequestId }
    const [first, second] = await Promise.all([
      visitorClient.post('/api/trial-requests', submission),
      visitorClient.post('/api/trial-requests', submission),
    ])
    const third = await visitorClient.post('/api/trial-requests', submission)
    expect([first.status, second.status].sort()).toEqual([200, 201])
    expect(third.status).toBe(200)
    expect(new Set([first.body.id, second.body.id, third.body.id]).size).toBe(1)
    const rows = await server.app.db
      .select()
      .from(trialRequests)
      .where(eq(trialRequests.clientRequestId, clientRequestId))
    expect(rows).toHaveLength(1)
  })

  it('allows 10 requests a minute per IP, then answers 429', async () => {
    const visitorClient = client()
    for (let i = 0; i < 10; i++) {
      expect(
        (await visitorClient.post('/api/trial-requests', someoneElse(`n${i}@example.com`))).status,
      ).toBe(201)
    }
    const limited = await visitorClient.post('/api/trial-requests', form)
    expect(limited.status).toBe(429)
    expect(limited.body.message).toBe('Too many requests. Try again in 1 minute.')
    const elsewhere = await client().post('/api/trial-requests', someoneElse('n@example.com'))
    expect(elsewhere.status).toBe(201)
  })
})
