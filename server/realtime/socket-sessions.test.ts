import { describe, expect, it } from 'vitest'
import { socketCloseCodes, type ServerFrame } from '../../common/realtime'
import { createClient } from '../test/http-client'
import { seedAdmin } from '../test/seed-admin'
import { openAdminSocket, openSocket, type TestSocket } from '../test/socket-client'
import { databaseKinds, owner, useAdminServer } from '../test/test-server'

const idleLimitMs = 120 * 60 * 1000
const isSessionEnded = (f: ServerFrame) =>
  f.type === 'auth:failed' && f.message === 'Your session has ended'
const chatSaying = (text: string) => (f: ServerFrame) =>
  f.type === 'chat:new_message' && f.message.message === text

/** The socket was told its session ended and then closed with 4401. */
async function expectSessionEnded(socket: TestSocket) {
  await socket.waitFor(isSessionEnded)
  expect(await socket.closed).toMatchObject({ code: socketCloseCodes.sessionEnded })
}

/** A server whose clock tests move, so that sessions expire on demand. */
function useClockedServer(kind: (typeof databaseKinds)[number], sessionSweepMs?: number) {
  const clock = { ms: Date.parse('2025-03-01T12:00:00Z') }
  const context = useAdminServer(kind, { now: () => new Date(clock.ms), sessionSweepMs })
  const signIn = async (username = owner.username, password = owner.password) => {
    const client = createClient(context.server.baseUrl)
    await client.login(username, password)
    return client
  }
  /** A customer writes in a new ticket; resolves once `witness` has seen it. */
  const customerWrites = async (text: string, witness: TestSocket) => {
    const customer = createClient(context.server.baseUrl)
    const { body: ticket } = await customer.post('/api/support-tickets', {
      customerName: 'Mia',
      customerEmail: 'mia@example.com',
      subject: 'Picture freezes',
      description: 'Details',
    })
    await customer.post('/api/chat-messages', { ticketId: ticket.id, message: text })
    await witness.waitFor(chatSaying(text))
  }
  return { clock, context, signIn, customerWrites }
}

describe.each(databaseKinds)('admin sockets after their session ends, on %s', (kind) => {
  const { clock, context, signIn, customerWrites } = useClockedServer(kind)

  it("closes the sockets of a session that logs out, and only that session's", async () => {
    const { baseUrl } = context.server
    const leaving = await signIn()
    const staying = await signIn()
    const leavingSocket = await openAdminSocket(baseUrl, leaving.cookie)
    const stayingSocket = await openAdminSocket(baseUrl, staying.cookie)

    expect((await leaving.post('/api/admin/logout')).status).toBe(204)
    await expectSessionEnded(leavingSocket)
    await customerWrites('After the logout', stayingSocket)
    expect(leavingSocket.frames.filter(chatSaying('After the logout'))).toEqual([])
    stayingSocket.close()
  })

  it('closes the sockets of an admin who is deleted', async () => {
    const { baseUrl } = context.server
    const credentials = { username: 'agent-deleted', password: 'quiet-meadow-4821' }
    const created = await seedAdmin(context.server.app.db, credentials)
    const agent = await signIn(credentials.username, credentials.password)
    const agentSocket = await openAdminSocket(baseUrl, agent.cookie)
    const ownerSocket = await openAdminSocket(baseUrl, context.admin.cookie)

    expect((await context.admin.delete(`/api/admin/users/${created.id}`)).status).toBe(204)
    await expectSessionEnded(agentSocket)
    await customerWrites('After the deletion', ownerSocket)
    expect(agentSocket.frames.filter(chatSaying('After the deletion'))).toEqual([])
    ownerSocket.close()
  })

  it('checks the session again on every admin frame, identify included', async () => {
    const { baseUrl } = context.server
    const agent = await signIn()
    const identified = await openAdminSocket(baseUrl, agent.cookie)
    const notYetIdentified = await openSocket(baseUrl, agent.cookie)

    clock.ms += idleLimitMs + 1000
    identified.send({ type: 'join_ticket', ticketId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' })
    await expectSessionEnded(identified)
    expect(identified.frames.filter((f) => f.type === 'error')).toEqual([])
    notYetIdentified.send({ type: 'identify', role: 'admin', key: null })
    await expectSessionEnded(notYetIdentified)
  })
})

describe.each(databaseKinds)('the sweep of admin sockets on %s', (kind) => {
  const { clock, context, signIn, customerWrites } = useClockedServer(kind, 50)

  it('closes sockets whose session went idle, and leaves active ones open', async () => {
    const { baseUrl } = context.server
    const idle = await signIn()
    const active = await signIn()
    const idleSocket = await openAdminSocket(baseUrl, idle.cookie)
    const activeSocket = await openAdminSocket(baseUrl, active.cookie)

    // Halfway through the idle limit the active admin does something; the idle one does not.
    clock.ms += idleLimitMs / 2 + 1000
    expect((await active.get('/api/admin/session')).status).toBe(200)
    clock.ms += idleLimitMs / 2 + 1000

    await expectSessionEnded(idleSocket)
    await customerWrites('After the sweep', activeSocket)
    expect(activeSocket.frames.filter(isSessionEnded)).toEqual([])
    activeSocket.close()
  })
})
