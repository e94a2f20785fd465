import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { startWithTicket } from '../../test/support-fixtures'
import { openAdminSocket, openSocket } from '../../test/socket-client'
import { postgresOnly, owner, type TestServer } from '../../test/test-server'

const secret = 'Customer asked for a refund last month too'

describe.each(postgresOnly)('private notes in a chat on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let ticketId: string
  const customer = () => createClient(server.baseUrl)

  beforeAll(async () => {
    ;({ server, admin, ticketId } = await startWithTicket(kind, {
      customerName: 'Nora',
      subject: 'Refund',
      description: 'I want my money back',
    }))
  })
  afterAll(() => server.close())

  it("tells admins' sockets of a note, never the customer's, and signs it with its author", async () => {
    const watcher = await openSocket(server.baseUrl)
    watcher.send({ type: 'identify', role: 'customer', key: ticketId })
    await watcher.waitFor((frame) => frame.type === 'auth:verified')
    const agent = await openAdminSocket(server.baseUrl, admin.cookie)

    const created = await admin.post(`/api/support-tickets/${ticketId}/notes`, { body: secret })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ticketId, body: secret, authorUsername: owner.username })
    const seen = await agent.waitFor((frame) => frame.type === 'ticket:note')
    expect(seen).toMatchObject({ note: { id: created.body.id, body: secret } })

    // A reply sent after the note reaches the customer after anything the note could have sent.
    await admin.post('/api/chat-messages', { ticketId, senderType: 'admin', message: 'On it' })
    await watcher.waitFor((frame) => frame.type === 'chat:new_message')
    expect(JSON.stringify(watcher.frames)).not.toContain(secret)
    watcher.close()
    agent.close()
  })

  it('keeps notes out of every answer a customer can read, and lists them for admins', async () => {
    const answers = await Promise.all([
      customer().get(`/api/support-tickets/${ticketId}`),
      customer().get(`/api/chat-messages/${ticketId}`),
      customer().get(`/api/chat-messages?ticketId=${ticketId}&lastOnly=true`),
      customer().get(`/api/notifications?role=customer&key=${ticketId}`),
    ])
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(JSON.stringify(answer.body)).not.toContain(secret)
    }
    const anonymous = customer()
    expect((await anonymous.get(`/api/support-tickets/${ticketId}/notes`)).status).toBe(401)
    expect(
      (await anonymous.post(`/api/support-tickets/${ticketId}/notes`, { body: 'x' })).status,
    ).toBe(401)

    const { status, body } = await admin.get(`/api/support-tickets/${ticketId}/notes`)
    expect(status).toBe(200)
    expect(body.map((note: { body: string }) => note.body)).toEqual([secret])
  })

  it('refuses an empty note naming the field, and a ticket that does not exist', async () => {
    const empty = await admin.post(`/api/support-tickets/${ticketId}/notes`, { body: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body.issues).toEqual([{ path: 'body', message: 'Write the note first' }])
    const unknown = await admin.post(`/api/support-tickets/${randomUUID()}/notes`, { body: 'Hi' })
    expect(unknown.status).toBe(404)
  })
})
