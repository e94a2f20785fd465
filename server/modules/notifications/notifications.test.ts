import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(databaseKinds)('notifications on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const anyone = () => createClient(server.baseUrl)
  const tickets: string[] = []

  beforeAll(async () => {
    server = await startTestServer(kind)
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    for (const name of ['Ann', 'Bob']) {
      const { body } = await anyone().post('/api/support-tickets', {
        customerName: name,
        customerEmail: `${name.toLowerCase()}@example.com`,
        subject: 'Help',
        description: 'Please',
      })
      tickets.push(body.id)
      await admin.post('/api/chat-messages', {
        ticketId: body.id,
        senderType: 'admin',
        message: `Hello ${name}`,
      })
      await admin.post('/api/chat-messages', {
        ticketId: body.id,
        senderType: 'admin',
        message: `Still there, ${name}?`,
      })
    }
  })
  afterAll(() => server.close())

  it('keeps admin notifications behind an admin session', async () => {
    expect((await anyone().get('/api/notifications?role=admin')).status).toBe(401)
    expect((await anyone().get('/api/notifications/count?role=admin')).status).toBe(401)
    expect((await anyone().get('/api/notifications/admin/')).status).toBe(401)
    expect((await anyone().request('PUT', '/api/notifications/read-all?role=admin')).status).toBe(
      401,
    )
    const list = await admin.get('/api/notifications/admin/')
    expect(list.body.map((n: any) => n.type)).toEqual([
      'support_ticket_created',
      'support_ticket_created',
    ])
  })

  it('requires the ticket key for customer notifications and shows only that ticket’s', async () => {
    const missingKey = await anyone().get('/api/notifications?role=customer')
    expect(missingKey.status).toBe(400)
    expect(missingKey.body.issues).toEqual([
      { path: 'key', message: 'key is required for customer notifications' },
    ])
    const ann = (await anyone().get(`/api/notifications?role=customer&key=${tickets[0]}`))
      .body as any[]
    expect(ann.map((n) => n.body)).toEqual(['Still there, Ann?', 'Hello Ann'])
    expect(
      (await anyone().get(`/api/notifications/count?role=customer&key=${tickets[0]}`)).body,
    ).toEqual({ unread: 2 })
  })

  it("marks one read (never below 0), but not someone else's", async () => {
    const [ann, bob] = tickets
    const [first] = (await anyone().get(`/api/notifications?role=customer&key=${ann}`)).body
    // Bob's key cannot touch Ann's notification.
    const stranger = await anyone().request(
      'PUT',
      `/api/notifications/${first.id}/read?role=customer&key=${bob}`,
    )
    expect(stranger.status).toBe(404)
    // The spec's client sends a JSON content type with no body.
    const marked = await fetch(
      new URL(`/api/notifications/${first.id}/read?role=customer&key=${ann}`, server.baseUrl),
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
      },
    )
    expect(marked.status).toBe(200)
    expect(await marked.json()).toEqual({ unread: 1 })
    const again = await anyone().request(
      'PUT',
      `/api/notifications/${first.id}/read?role=customer&key=${ann}`,
    )
    expect(again.body).toEqual({ unread: 1 })
  })

  it('marks all read for one scope only', async () => {
    const [ann, bob] = tickets
    expect(
      (await anyone().request('PUT', `/api/notifications/read-all?role=customer&key=${ann}`)).body,
    ).toEqual({ unread: 0 })
    expect((await anyone().get(`/api/notifications/count?role=customer&key=${ann}`)).body).toEqual({
      unread: 0,
    })
    expect((await anyone().get(`/api/notifications/count?role=customer&key=${bob}`)).body).toEqual({
      unread: 2,
    })
    expect((await admin.get('/api/notifications/count?role=admin')).body.unread).toBeGreaterThan(0)
  })
})
