import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../test/http-client'
import { startProcessesOnPostgres, type RunningServer } from '../test/processes-on-postgres'
import { socketCloseCodes } from '../../common/realtime'
import { openAdminSocket, openSocket } from '../test/socket-client'
import { owner } from '../test/test-server'

describe('two server processes on one PostgreSQL', () => {
  const servers: RunningServer[] = []
  let stop = async () => {}

  beforeAll(async () => {
    const started = await startProcessesOnPostgres(2)
    servers.push(...started.servers)
    stop = started.stop
  }, 120_000)
  afterAll(async () => {
    await stop()
  })

  it('delivers a message posted to one process to sockets on the other', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
    const { body: ticket } = await createClient(a.url).post('/api/support-tickets', {
      customerName: 'Ada',
      customerEmail: 'ada@example.com',
      subject: 'Across processes',
      description: 'Does it arrive?',
    })

    const customerOnB = await openSocket(b.url)
    customerOnB.send({ type: 'identify', role: 'customer', key: ticket.id })
    await customerOnB.waitFor((f) => f.type === 'auth:verified')
    const adminOnB = createClient(b.url)
    await adminOnB.login(owner.username, owner.password)
    const staffOnB = await openSocket(b.url, adminOnB.cookie)
    staffOnB.send({ type: 'identify', role: 'admin', key: null })
    await staffOnB.waitFor((f) => f.type === 'auth:verified')
    // The publishing process tells its own sockets at once, and skips its events coming back.
    const customerOnA = await openSocket(a.url)
    customerOnA.send({ type: 'identify', role: 'customer', key: ticket.id })
    await customerOnA.waitFor((f) => f.type === 'auth:verified')

    await createClient(a.url).post('/api/chat-messages', {
      ticketId: ticket.id,
      message: 'Hello from A',
    })
    const received = await customerOnB.waitFor((f) => f.type === 'chat:new_message')
    expect(received).toMatchObject({ ticketId: ticket.id, message: { message: 'Hello from A' } })
    await staffOnB.waitFor((f) => f.type === 'notification:new' && f.data.entityId === ticket.id)

    // The admin's session, created on B, works on A: sessions live in the database.
    const staffOnA = createClient(a.url, { cookie: adminOnB.cookie! })
    await staffOnA.post('/api/chat-messages', {
      ticketId: ticket.id,
      senderType: 'admin',
      message: 'Reply from A',
    })
    await customerOnB.waitFor(
      (f) => f.type === 'chat:new_message' && f.message.senderName === 'Support Agent',
    )

    // Larger than a NOTIFY payload may be once in UTF-8: it travels in pieces.
    const longReply = '😀'.repeat(2000)
    await staffOnA.post('/api/chat-messages', {
      ticketId: ticket.id,
      senderType: 'admin',
      message: longReply,
    })
    await customerOnB.waitFor(
      (f) => f.type === 'chat:new_message' && f.message.message === longReply,
    )

    // The agent's first reply took the ticket (in progress); an admin then resolves it.
    await staffOnA.patch(`/api/support-tickets/${ticket.id}`, { status: 'resolved' })
    const updated = await customerOnB.waitFor(
      (f) => f.type === 'ticket:updated' && f.ticket.status === 'resolved',
    )
    expect(updated).toMatchObject({ ticket: { id: ticket.id, assignedTo: owner.username } })

    // NOTIFY keeps commit order: once B's next message reaches A, any echo of A's would have too.
    await adminOnB.post('/api/chat-messages', {
      ticketId: ticket.id,
      senderType: 'admin',
      message: 'Last from B',
    })
    await customerOnA.waitFor(
      (f) => f.type === 'chat:new_message' && f.message.message === 'Last from B',
    )
    const seenOnA = customerOnA.ofType('chat:new_message').map((f) => f.message.message)
    expect(seenOnA).toEqual(['Hello from A', 'Reply from A', longReply, 'Last from B'])
    expect(customerOnA.ofType('ticket:updated')).toHaveLength(2)
    for (const socket of [customerOnA, customerOnB, staffOnB]) socket.close()
  })

  it("closes an admin's socket on one process when they log out on the other", async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
    const admin = createClient(a.url)
    await admin.login(owner.username, owner.password)
    const staffOnB = await openAdminSocket(b.url, admin.cookie)
    expect((await admin.post('/api/admin/logout')).status).toBe(204)
    await staffOnB.waitFor((f) => f.type === 'auth:failed')
    expect(await staffOnB.closed).toMatchObject({ code: socketCloseCodes.sessionEnded })
  })

  it('refuses on one process, within a second, a session that logged out on the other', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
    const admin = createClient(a.url)
    await admin.login(owner.username, owner.password)
    const cookie = admin.cookie!
    const statusOnB = () =>
      fetch(new URL('/api/admin/session', b.url), { headers: { cookie } }).then((r) => r.status)
    // B now keeps the session in memory.
    expect(await statusOnB()).toBe(200)
    expect((await admin.post('/api/admin/logout')).status).toBe(204)
    await expect.poll(statusOnB, { timeout: 1000, interval: 20 }).toBe(401)
  })
})
