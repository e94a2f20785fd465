import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../test/http-client'
import { openSocket } from '../test/socket-client'
import { databaseKinds, owner, startTestServer, type TestServer } from '../test/test-server'

describe.each(databaseKinds)('the live socket on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const openTicket = async (name: string) =>
    (
      await createClient(server.baseUrl).post('/api/support-tickets', {
        customerName: name,
        customerEmail: 'x@example.com',
        subject: `${name}'s problem`,
        description: 'Details',
      })
    ).body.id as string

  beforeAll(async () => {
    server = await startTestServer(kind)
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('refuses to identify as admin without a session, and verifies one with it', async () => {
    const anonymous = await openSocket(server.baseUrl)
    anonymous.send({ type: 'identify', role: 'admin', key: null })
    await anonymous.waitFor((f) => f.type === 'auth:failed')
    const staff = await openSocket(server.baseUrl, admin.cookie)
    staff.send({ type: 'identify', role: 'admin', key: null })
    await staff.waitFor((f) => f.type === 'auth:verified')
    anonymous.close()
    staff.close()
  })

  it('refuses a customer identifying with an unknown ticket', async () => {
    const socket = await openSocket(server.baseUrl)
    socket.send({ type: 'identify', role: 'customer', key: '3d0c9a4e-0f7b-4b8e-9c2d-1a2b3c4d5e6f' })
    await socket.waitFor((f) => f.type === 'auth:failed')
    socket.send({
      type: 'send_message',
      payload: { ticketId: '3d0c9a4e-0f7b-4b8e-9c2d-1a2b3c4d5e6f', message: 'hi' },
    })
    await socket.waitFor((f) => f.type === 'auth:error')
    socket.close()
  })

  it("delivers a ticket's messages to its customer, not to other customers, and everything to admins", async () => {
    const mine = await openTicket('Mia')
    const theirs = await openTicket('Theo')
    const mia = await openSocket(server.baseUrl)
    mia.send({ type: 'identify', role: 'customer', key: mine })
    await mia.waitFor((f) => f.type === 'auth:verified')
    const theo = await openSocket(server.baseUrl)
    theo.send({ type: 'identify', role: 'customer', key: theirs })
    await theo.waitFor((f) => f.type === 'auth:verified')
    const staff = await openSocket(server.baseUrl, admin.cookie)
    staff.send({ type: 'identify', role: 'admin', key: null })
    await staff.waitFor((f) => f.type === 'auth:verified')

    // The customer writes over the socket; the agent answers over HTTP.
    mia.send({
      type: 'send_message',
      payload: {
        ticketId: mine,
        senderType: 'customer',
        message: 'Picture freezes',
      },
    })
    const seenByStaff = await staff.waitFor(
      (f) => f.type === 'chat:new_message' && f.message.message === 'Picture freezes',
    )
    expect(seenByStaff).toMatchObject({
      ticketId: mine,
      message: { senderName: 'Mia', senderType: 'customer' },
    })
    await staff.waitFor((f) => f.type === 'new_message' && f.ticketId === mine)
    await staff.waitFor((f) => f.type === 'notification:new' && f.data.type === 'support_reply')
    await staff.waitFor((f) => f.type === 'counter:update')

    await admin.post('/api/chat-messages', {
      ticketId: mine,
      senderType: 'admin',
      message: 'Try restarting',
    })
    await mia.waitFor(
      (f) => f.type === 'chat:new_message' && f.message.senderName === 'Support Agent',
    )
    const notified = await mia.waitFor((f) => f.type === 'notification:new')
    expect(notified).toMatchObject({ data: { recipientRole: 'customer', recipientKey: mine } })
    await mia.waitFor((f) => f.type === 'counter:update' && f.data.unread === 1)

    // Give any stray delivery time to arrive before asserting Theo saw none of it.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(theo.frames.filter((f) => f.type !== 'auth:verified')).toEqual([])
    for (const socket of [mia, theo, staff]) socket.close()
  })

  it("tells a ticket's customer and the admins when staff change its status, and no one else", async () => {
    const mine = await openTicket('Nia')
    const theirs = await openTicket('Olu')
    const nia = await openSocket(server.baseUrl)
    nia.send({ type: 'identify', role: 'customer', key: mine })
    await nia.waitFor((f) => f.type === 'auth:verified')
    const olu = await openSocket(server.baseUrl)
    olu.send({ type: 'identify', role: 'customer', key: theirs })
    await olu.waitFor((f) => f.type === 'auth:verified')
    const staff = await openSocket(server.baseUrl, admin.cookie)
    staff.send({ type: 'identify', role: 'admin', key: null })
    await staff.waitFor((f) => f.type === 'auth:verified')

    const response = await admin.patch(`/api/support-tickets/${mine}`, { status: 'resolved' })
    expect(response.status).toBe(200)
    for (const socket of [nia, staff]) {
      const updated = await socket.waitFor((f) => f.type === 'ticket:updated')
      expect(updated).toMatchObject({ ticket: { id: mine, status: 'resolved' } })
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(olu.frames.filter((f) => f.type !== 'auth:verified')).toEqual([])
    for (const socket of [nia, olu, staff]) socket.close()
  })

  it('answers malformed frames with an error and keeps the socket open', async () => {
    const socket = await openSocket(server.baseUrl)
    socket.send('not json')
    await socket.waitFor((f) => f.type === 'error' && f.message === 'Frames must be JSON')
    socket.send({ type: 'dance' } as never)
    await socket.waitFor((f) => f.type === 'error' && f.message !== 'Frames must be JSON')
    const ticketId = await openTicket('Ivy')
    socket.send({ type: 'identify', role: 'customer', key: ticketId })
    socket.send({ type: 'send_message', payload: { ticketId, message: '   ' } })
    await socket.waitFor((f) => f.type === 'error' && f.message === 'Message cannot be empty')
    socket.send({ type: 'send_message', payload: { ticketId, message: 'Still here' } })
    await socket.waitFor((f) => f.type === 'chat:new_message' && f.message.message === 'Still here')
    socket.close()
  })

  it('lets a customer join a ticket only when it exists', async () => {
    const socket = await openSocket(server.baseUrl)
    socket.send({ type: 'join_ticket', ticketId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' })
    await socket.waitFor((f) => f.type === 'error' && f.message === 'Ticket not found')
    socket.close()
  })
})

describe('shutdown', () => {
  it('closes sockets with 1001 so clients reconnect elsewhere', async () => {
    const server = await startTestServer('pglite')
    const socket = await openSocket(server.baseUrl)
    await server.close()
    expect((await socket.closed).code).toBe(1001)
  })
})
