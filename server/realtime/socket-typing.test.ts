import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../test/http-client'
import { openAdminSocket, openSocket, type TestSocket } from '../test/socket-client'
import { databaseKinds, owner, startTestServer, type TestServer } from '../test/test-server'

describe.each(databaseKinds)('typing indicators on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const customer = () => createClient(server.baseUrl)

  async function openTicket(name: string) {
    const { body } = await customer().post('/api/support-tickets', {
      customerName: name,
      customerEmail: `${name.toLowerCase()}@example.com`,
      subject: 'Typing',
      description: 'Help',
    })
    return body.id as string
  }
  async function customerSocket(ticketId: string) {
    const socket = await openSocket(server.baseUrl)
    socket.send({ type: 'identify', role: 'customer', key: ticketId })
    await socket.waitFor((frame) => frame.type === 'auth:verified')
    return socket
  }
  const typingFrames = (socket: TestSocket) => socket.ofType('typing')

  beforeAll(async () => {
    server = await startTestServer(kind)
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('tells agents once per interval that a customer types, and the customer that an agent does', async () => {
    const ticketId = await openTicket('Ivy')
    const otherId = await openTicket('Max')
    const ivy = await customerSocket(ticketId)
    const max = await customerSocket(otherId)
    const agent = await openAdminSocket(server.baseUrl, admin.cookie)

    ivy.send({ type: 'typing', ticketId })
    ivy.send({ type: 'typing', ticketId })
    ivy.send({ type: 'send_message', payload: { ticketId, message: 'Hello' } })
    // Frames are handled in order: once the message is here, both typing frames were handled.
    await agent.waitFor((frame) => frame.type === 'chat:new_message')
    expect(typingFrames(agent)).toEqual([{ type: 'typing', ticketId, senderType: 'customer' }])
    // The customer is not told of their own typing.
    expect(typingFrames(ivy)).toEqual([])

    agent.send({ type: 'typing', ticketId })
    await ivy.waitFor((frame) => frame.type === 'typing')
    expect(typingFrames(ivy)).toEqual([{ type: 'typing', ticketId, senderType: 'admin' }])
    await admin.post('/api/chat-messages', {
      ticketId: otherId,
      senderType: 'admin',
      message: 'Hi',
    })
    await max.waitFor((frame) => frame.type === 'chat:new_message')
    expect(typingFrames(max)).toEqual([])
    for (const socket of [ivy, max, agent]) socket.close()
  })

  it("refuses a customer's typing in a chat they hold no id of", async () => {
    const mine = await openTicket('Zoe')
    const theirs = await openTicket('Kai')
    const zoe = await customerSocket(mine)
    const agent = await openAdminSocket(server.baseUrl, admin.cookie)
    zoe.send({ type: 'typing', ticketId: theirs })
    await zoe.waitFor(
      (frame) => frame.type === 'error' && frame.message === 'Join the ticket first',
    )
    zoe.send({ type: 'send_message', payload: { ticketId: mine, message: 'Still here' } })
    await agent.waitFor((frame) => frame.type === 'chat:new_message')
    expect(typingFrames(agent)).toEqual([])
    zoe.close()
    agent.close()
  })
})
