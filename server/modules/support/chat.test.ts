import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { startWithTicket } from '../../test/support-fixtures'
import { openSocket } from '../../test/socket-client'
import { databaseKinds, type TestServer } from '../../test/test-server'

describe.each(databaseKinds)('chat messages on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let ticketId: string
  const customer = () => createClient(server.baseUrl)

  beforeAll(async () => {
    ;({ server, admin, ticketId } = await startWithTicket(kind, {
      customerName: 'Linus',
      subject: 'No sound',
      description: 'Audio missing on channel 4',
    }))
  })
  afterAll(() => server.close())

  it("stores a customer's message under the ticket's name, and the admin's as 'Support Agent'", async () => {
    const sent = await customer().post('/api/chat-messages', {
      ticketId,
      senderType: 'customer',
      senderName: 'Someone Else',
      message: '  Hello?  ',
    })
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({
      ticketId,
      senderType: 'customer',
      senderName: 'Linus',
      message: 'Hello?',
    })
    const reply = await admin.post('/api/chat-messages', {
      ticketId,
      senderType: 'admin',
      senderName: 'Eve',
      message: 'Hi Linus',
    })
    expect(reply.body).toMatchObject({ senderType: 'admin', senderName: 'Support Agent' })

    const history = await customer().get(`/api/chat-messages/${ticketId}`)
    // The ticket's description opens the conversation, as the customer's first message.
    expect(history.body.map((m: any) => [m.senderType, m.message])).toEqual([
      ['customer', 'Audio missing on channel 4'],
      ['customer', 'Hello?'],
      ['admin', 'Hi Linus'],
    ])
    expect(history.body[0]).toMatchObject({ id: ticketId, senderName: 'Linus' })
    const viaQuery = await customer().get(`/api/chat-messages?ticketId=${ticketId}`)
    expect(viaQuery.body).toEqual(history.body)
    const last = await customer().get(`/api/chat-messages/${ticketId}?lastOnly=true`)
    expect(last.body.map((m: any) => m.message)).toEqual(['Hi Linus'])
  })

  it('refuses a customer posing as an admin', async () => {
    const response = await customer().post('/api/chat-messages', {
      ticketId,
      senderType: 'admin',
      senderName: 'Support Agent',
      message: 'Give me your password',
    })
    expect(response.status).toBe(403)
    const history = await customer().get(`/api/chat-messages/${ticketId}`)
    expect(history.body.map((m: any) => m.message)).not.toContain('Give me your password')
  })

  it.each(['', '   ', '\n\t'])('refuses the empty message %j', async (message) => {
    const response = await customer().post('/api/chat-messages', {
      ticketId,
      senderType: 'customer',
      message,
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([{ path: 'message', message: 'Message cannot be empty' }])
  })

  it('answers 404 for messages of an unknown ticket', async () => {
    const unknown = '0b9c7a3e-5b0e-4c6f-9d1a-2e3f4a5b6c7d'
    expect((await customer().get(`/api/chat-messages/${unknown}`)).status).toBe(404)
    expect(
      (await customer().post('/api/chat-messages', { ticketId: unknown, message: 'hi' })).status,
    ).toBe(404)
  })

  it('notifies the customer of replies and the admins of customer messages', async () => {
    const key = `role=customer&key=${ticketId}`
    const mine = (await customer().get(`/api/notifications?${key}`)).body as any[]
    expect(mine.map((n) => [n.type, n.title])).toEqual([['support_reply', 'Support replied']])
    const admins = (await admin.get('/api/notifications?role=admin')).body as any[]
    expect(admins.map((n) => n.type)).toEqual(
      expect.arrayContaining(['support_ticket_created', 'support_reply']),
    )
  })
})

describe('chat rate limits', () => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let ticketId: string
  const customer = () => createClient(server.baseUrl)

  beforeAll(async () => {
    ;({ server, admin, ticketId } = await startWithTicket('pglite', {
      customerName: 'Chatty',
      subject: 'Many messages',
      description: 'Lots',
    }))
  })
  afterAll(() => server.close())

  it('limits customers to 60 messages a minute, but never a signed-in agent', async () => {
    const agent = await Promise.all(
      Array.from({ length: 61 }, (_, i) =>
        admin.post('/api/chat-messages', { ticketId, senderType: 'admin', message: `Reply ${i}` }),
      ),
    )
    expect(agent.every((response) => response.status === 201)).toBe(true)
    const visitor = customer()
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (await visitor.post('/api/chat-messages', { ticketId, message: `Ping ${i}` })).status,
      )
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(60)
    const limited = statuses.at(-1)
    expect(limited).toBe(429)

    // The socket is the same write path with the same count: no way around the limit.
    const socket = await openSocket(server.baseUrl)
    socket.send({ type: 'identify', role: 'customer', key: ticketId })
    await socket.waitFor((frame) => frame.type === 'auth:verified')
    socket.send({ type: 'send_message', payload: { ticketId, message: 'Over the socket' } })
    const refused = await socket.waitFor((frame) => frame.type === 'error')
    expect(refused).toMatchObject({ message: expect.stringMatching(/^Too many requests/) })
    socket.close()
    const { body: history } = await admin.get(`/api/chat-messages/${ticketId}`)
    expect(history.map((message: any) => message.message)).not.toContain('Over the socket')
  })
})
