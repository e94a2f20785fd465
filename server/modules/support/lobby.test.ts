import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)('the live chat lobby on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let clock = new Date('2026-11-01T09:00:00Z')
  const tick = () => (clock = new Date(clock.getTime() + 1000))

  async function open(subject: string, priority: string) {
    tick()
    const { body } = await createClient(server.baseUrl).post('/api/support-tickets', {
      customerName: 'Pat',
      customerEmail: 'pat@example.com',
      subject,
      description: 'Help',
      priority,
    })
    return body.id as string
  }
  const say = (ticketId: string, message: string, client = createClient(server.baseUrl)) => {
    tick()
    return client.post('/api/chat-messages', {
      ticketId,
      senderType: 'customer',
      senderName: 'Pat',
      message,
    })
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('lists active chats by unread, then priority, then newest, with real unread counts', async () => {
    // A ticket nobody has opened or answered: its description is one unread customer message.
    const low = await open('Low one', 'low')
    const urgent = await open('Urgent one', 'urgent')
    const olderHigh = await open('Older high', 'high')
    const newerHigh = await open('Newer high', 'high')
    const closed = await open('Closed one', 'urgent')
    await admin.request('PATCH', `/api/support-tickets/${closed}`, { status: 'closed' })
    await say(low, 'one')
    await say(low, 'two')
    await say(urgent, 'hi')

    const lobby = (await admin.get('/api/support-tickets/lobby')).body as any[]
    expect(lobby.map((t) => [t.subject, t.unreadCount])).toEqual([
      ['Low one', 3],
      ['Urgent one', 2],
      ['Newer high', 1],
      ['Older high', 1],
    ])
    expect(lobby[0].lastMessage).toMatchObject({ message: 'two', senderType: 'customer' })
    expect(lobby[2].lastMessage).toMatchObject({
      message: 'Help',
      senderType: 'customer',
      senderName: 'Pat',
    })
    expect(lobby.map((t) => t.id)).not.toContain(closed)

    // Opening a chat reads it; the agent's own replies never count as unread.
    await admin.post(`/api/support-tickets/${low}/read`)
    await admin.post('/api/chat-messages', {
      ticketId: low,
      senderType: 'admin',
      senderName: 'x',
      message: 'On it',
    })
    const after = (await admin.get('/api/support-tickets/lobby')).body as any[]
    expect(after.find((t) => t.id === low)).toMatchObject({
      unreadCount: 0,
      lastMessage: { senderName: 'Support Agent' },
    })
    expect(after[0].id).toBe(urgent)
    expect(olderHigh).not.toBe(newerHigh)
  })

  it('counts a ticket as read once an agent has opened it, or answered it without opening', async () => {
    // Past the minute of the tickets above (ten a minute per address).
    clock = new Date(clock.getTime() + 60_000)
    const opened = await open('Opened', 'medium')
    const answered = await open('Answered', 'medium')
    await admin.post(`/api/support-tickets/${opened}/read`)
    await admin.post('/api/chat-messages', {
      ticketId: answered,
      senderType: 'admin',
      message: 'Hello Pat',
    })
    const lobby = (await admin.get('/api/support-tickets/lobby')).body as any[]
    for (const id of [opened, answered])
      expect(lobby.find((t) => t.id === id)).toMatchObject({ unreadCount: 0 })
    // What the customer writes after the answer is unread again.
    await say(answered, 'Still broken')
    const later = (await admin.get('/api/support-tickets/lobby')).body as any[]
    expect(later.find((t) => t.id === answered)).toMatchObject({ unreadCount: 1 })
  })

  it("assigns a chat to an admin and lists an agent's own, the unassigned and all chats", async () => {
    await seedAdmin(server.app.db, { username: 'Ada', password: 'a-long-enough-password-1' })
    const ada = createClient(server.baseUrl)
    await ada.login('Ada', 'a-long-enough-password-1')
    const mine = await open('Assigned to me', 'medium')
    const adas = await open('Assigned to Ada', 'medium')
    const nobodys = await open('Nobody yet', 'medium')
    // The username is matched whatever its case and stored as the admin spells it.
    await admin.request('PATCH', `/api/support-tickets/${mine}`, { assignedTo: owner.username })
    const assigned = await ada.request('PATCH', `/api/support-tickets/${adas}`, {
      assignedTo: 'ADA',
    })
    expect(assigned.body).toMatchObject({ assignedTo: 'Ada' })

    const view = async (client: typeof admin, name: string) =>
      ((await client.get(`/api/support-tickets/lobby?view=${name}`)).body as any[]).map(
        (ticket) => ticket.id,
      )
    // The owner's replies in the tests above made those chats theirs too.
    expect(await view(admin, 'mine')).toContain(mine)
    expect(await view(admin, 'mine')).not.toContain(adas)
    expect(await view(ada, 'mine')).toEqual([adas])
    const unassigned = await view(admin, 'unassigned')
    expect(unassigned).toContain(nobodys)
    expect(unassigned).not.toContain(mine)
    expect(unassigned).not.toContain(adas)
    expect(await view(admin, 'all')).toEqual(expect.arrayContaining([mine, adas, nobodys]))

    // Handing a chat back makes it nobody's again.
    await ada.request('PATCH', `/api/support-tickets/${adas}`, { assignedTo: null })
    expect(await view(ada, 'mine')).toEqual([])
    expect(await view(ada, 'unassigned')).toContain(adas)
  })

  it('refuses an assignee who is no admin, and an unknown view, naming the field', async () => {
    const ticket = await open('Refused', 'low')
    const stranger = await admin.request('PATCH', `/api/support-tickets/${ticket}`, {
      assignedTo: 'nobody-here',
    })
    expect(stranger.status).toBe(400)
    expect(stranger.body.issues).toEqual([
      { path: 'assignedTo', message: 'Assignee must be an admin' },
    ])
    const view = await admin.get('/api/support-tickets/lobby?view=someone')
    expect(view.status).toBe(400)
    expect(view.body.issues).toEqual([
      { path: 'view', message: 'view must be all, mine or unassigned' },
    ])
  })

  it('is for admins only', async () => {
    expect((await createClient(server.baseUrl).get('/api/support-tickets/lobby')).status).toBe(401)
  })
})
