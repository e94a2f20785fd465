import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)('notifications on %s', (kind) => {
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

  it('marks one kind read, then all, for every admin', async () => {
    await anyone().post('/api/trial-requests', {
      firstName: 'Lina',
      lastName: 'Check',
      email: 'lina@example.com',
      plan: 'Starter',
    })
    const unreadTypes = async () =>
      ((await admin.get('/api/notifications/admin/')).body as any[])
        .filter((n) => !n.read)
        .map((n) => n.type)
    expect((await unreadTypes()).sort()).toEqual([
      'support_ticket_created',
      'support_ticket_created',
      'trial_signup',
    ])
    const byKind = await admin.request(
      'PUT',
      '/api/notifications/read-all?role=admin&type=trial_signup',
    )
    expect(byKind.body).toEqual({ unread: 2 })
    expect(await unreadTypes()).toEqual(['support_ticket_created', 'support_ticket_created'])
    // Another admin sees the same shared list as read.
    const other = createClient(server.baseUrl)
    await other.login(owner.username, owner.password)
    expect((await other.request('PUT', '/api/notifications/read-all?role=admin')).body).toEqual({
      unread: 0,
    })
    expect((await admin.get('/api/notifications/count?role=admin')).body).toEqual({ unread: 0 })
    const tooLong = await admin.request(
      'PUT',
      `/api/notifications/read-all?role=admin&type=${'x'.repeat(51)}`,
    )
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.issues[0].path).toBe('type')
  })

  it('ends a long title at a word, never inside one', async () => {
    const subject = `Buffering ${'everywhere '.repeat(17)}`.trim()
    const { body } = await anyone().post('/api/support-tickets', {
      customerName: `Maximilian ${'Longname-'.repeat(20)}Smith`,
      customerEmail: 'max@example.com',
      subject,
      description: 'Please',
    })
    await anyone().post('/api/chat-messages', {
      ticketId: body.id,
      senderType: 'customer',
      senderName: 'Max',
      message: 'Hello?',
    })
    const [reply] = (await admin.get('/api/notifications/admin/')).body as any[]
    expect(reply.type).toBe('support_reply')
    expect(reply.title.length).toBeLessThanOrEqual(255)
    expect(reply.title).toMatch(/ everywhere…$/)
  })
})
