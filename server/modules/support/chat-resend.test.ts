import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../common/support'
import { createClient } from '../../test/http-client'
import { startWithTicket } from '../../test/support-fixtures'
import { openSocket } from '../../test/socket-client'
import { postgresOnly, type TestServer } from '../../test/test-server'

// A browser resends a message whose answer it never got (an outage, a restart): the server must
// store it once and answer the resend as it answered the first attempt.
describe.each(postgresOnly)('resent chat messages on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let ticketId: string
  const customer = () => createClient(server.baseUrl)
  const history = async () =>
    (await customer().get(`/api/chat-messages/${ticketId}`)).body as ChatMessage[]
  const withId = async (clientMessageId: string) =>
    (await history()).filter((message) => message.clientMessageId === clientMessageId)

  beforeAll(async () => {
    ;({ server, admin, ticketId } = await startWithTicket(kind, {
      customerName: 'Rhea',
      subject: 'Flaky Wi-Fi',
      description: 'My connection drops',
    }))
  })
  afterAll(() => server.close())

  it("stores a customer's resent message once, answers the resend as the first, and notifies once", async () => {
    const clientMessageId = randomUUID()
    const input = { ticketId, senderType: 'customer', message: 'Are you there?', clientMessageId }
    const first = await customer().post('/api/chat-messages', input)
    const again = await customer().post('/api/chat-messages', input)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ message: 'Are you there?', clientMessageId })
    expect(again.status).toBe(first.status)
    expect(again.body).toEqual(first.body)
    expect(await withId(clientMessageId)).toEqual([first.body])

    const notifications = (await admin.get('/api/notifications?role=admin')).body as any[]
    expect(notifications.filter((n) => n.body === 'Are you there?')).toHaveLength(1)
  })

  it("stores an agent's resent reply once", async () => {
    const clientMessageId = randomUUID()
    const input = { ticketId, senderType: 'admin', message: 'Yes, here', clientMessageId }
    const first = await admin.post('/api/chat-messages', input)
    const again = await admin.post('/api/chat-messages', input)
    expect(first.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(await withId(clientMessageId)).toEqual([first.body])
  })

  it('stores concurrent copies of one message once, answering each with that message', async () => {
    const clientMessageId = randomUUID()
    const input = { ticketId, message: 'Sent from two tabs at once', clientMessageId }
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => customer().post('/api/chat-messages', input)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201))
    const stored = await withId(clientMessageId)
    expect(stored).toHaveLength(1)
    for (const answer of answers) expect(answer.body).toEqual(stored[0])
  })

  it('refuses an id reused for another text or by the other side, and a malformed id', async () => {
    const clientMessageId = randomUUID()
    await customer().post('/api/chat-messages', { ticketId, message: 'Original', clientMessageId })
    const otherText = await customer().post('/api/chat-messages', {
      ticketId,
      message: 'Something else',
      clientMessageId,
    })
    expect(otherText.status).toBe(409)
    expect(otherText.body.message).toBe('clientMessageId was already used for another message')
    const otherSide = await admin.post('/api/chat-messages', {
      ticketId,
      senderType: 'admin',
      message: 'Original',
      clientMessageId,
    })
    expect(otherSide.status).toBe(409)
    expect((await withId(clientMessageId)).map((message) => message.message)).toEqual(['Original'])

    const malformed = await customer().post('/api/chat-messages', {
      ticketId,
      message: 'Hi',
      clientMessageId: 'not-a-uuid',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.issues).toEqual([
      { path: 'clientMessageId', message: 'clientMessageId must be a UUID' },
    ])
  })

  it('stores a message once when it arrives over HTTP and again over the socket', async () => {
    const clientMessageId = randomUUID()
    const payload = { ticketId, message: 'Posted, then resent live', clientMessageId }
    const posted = await customer().post('/api/chat-messages', payload)
    const socket = await openSocket(server.baseUrl)
    socket.send({ type: 'identify', role: 'customer', key: ticketId })
    await socket.waitFor((frame) => frame.type === 'auth:verified')
    socket.send({ type: 'send_message', payload })
    // Frames are handled in order: once this one is broadcast, the resend has been handled.
    socket.send({ type: 'send_message', payload: { ticketId, message: 'After the resend' } })
    await socket.waitFor(
      (frame) => frame.type === 'chat:new_message' && frame.message.message === 'After the resend',
    )
    expect(await withId(clientMessageId)).toEqual([posted.body])
    const resentLive = socket.frames.filter(
      (frame) => frame.type === 'chat:new_message' && frame.message.id === posted.body.id,
    )
    expect(resentLive).toEqual([])
    socket.close()
  })
})
