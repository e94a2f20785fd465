import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { startWithTicket } from '../../test/support-fixtures'
import { openAdminSocket, openSocket } from '../../test/socket-client'
import { postgresOnly, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)("the agent's display name on %s", (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let ticketId: string
  const customer = () => createClient(server.baseUrl)
  const reply = async (message: string) =>
    (await admin.post('/api/chat-messages', { ticketId, senderType: 'admin', message })).body

  beforeAll(async () => {
    ;({ server, admin, ticketId } = await startWithTicket(kind, {
      customerName: 'Leo',
      subject: 'Names',
      description: 'Who is this?',
    }))
  })
  afterAll(() => server.close())

  it('signs replies as the Support Agent until the admin chooses a name, on HTTP and the socket', async () => {
    expect((await admin.get('/api/support/agent-profile')).body).toEqual({ displayName: null })
    expect(await reply('Hello')).toMatchObject({ senderName: 'Support Agent' })

    const set = await admin.request('PUT', '/api/support/agent-profile', { displayName: ' Ada ' })
    expect(set.body).toEqual({ displayName: 'Ada' })
    expect(await reply('I am Ada')).toMatchObject({ senderName: 'Ada' })

    const watcher = await openSocket(server.baseUrl)
    watcher.send({ type: 'identify', role: 'customer', key: ticketId })
    await watcher.waitFor((frame) => frame.type === 'auth:verified')
    const agent = await openAdminSocket(server.baseUrl, admin.cookie)
    agent.send({
      type: 'send_message',
      payload: { ticketId, senderType: 'admin', message: 'Over the socket' },
    })
    const seen = await watcher.waitFor(
      (frame) => frame.type === 'chat:new_message' && frame.message.message === 'Over the socket',
    )
    expect(seen).toMatchObject({ message: { senderName: 'Ada', senderType: 'admin' } })
    watcher.close()
    agent.close()

    // Left empty, replies are the Support Agent's again.
    await admin.request('PUT', '/api/support/agent-profile', { displayName: '' })
    expect(await reply('Back to default')).toMatchObject({ senderName: 'Support Agent' })
  })

  it('is for admins only, and refuses a name that is too long, naming the field', async () => {
    expect((await customer().get('/api/support/agent-profile')).status).toBe(401)
    const long = await admin.request('PUT', '/api/support/agent-profile', {
      displayName: 'x'.repeat(65),
    })
    expect(long.status).toBe(400)
    expect(long.body.issues).toEqual([
      { path: 'displayName', message: 'Display name must be at most 64 characters' },
    ])
  })
})
