import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ServerFrame } from '../common/realtime'
import { databaseUnavailableMessage } from './lib/database-errors'
import { createClient, type TestResponse } from './test/http-client'
import { startPostgresCluster, type PostgresCluster } from './test/postgres-cluster'
import { openAdminSocket, openSocket, type TestSocket } from './test/socket-client'
import { owner, startTestServer, type TestServer } from './test/test-server'

// Stands in for the built app's HTML shell, so that pages are rendered without a build.
const pageTemplate =
  '<!doctype html><html><head><!--head--></head><body><div id="root"></div></body></html>'

const trialForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.outage@example.com',
  plan: 'Starter',
  telegram: null,
  whatsapp: '',
}

describe('PostgreSQL stopped and started again under a running server', () => {
  let cluster: PostgresCluster
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let visitor: ReturnType<typeof createClient>
  const logLines: string[] = []
  const busProblems = () => logLines.filter((line) => line.includes('Event bus problem')).length

  beforeAll(async () => {
    // A cluster of its own: the run's shared one must stay up for every other test file.
    cluster = await startPostgresCluster()
    server = await startTestServer('postgres', {
      env: { DATABASE_URL: cluster.adminUrl, LOG_LEVEL: 'warn' },
      logStream: (line) => logLines.push(line),
      pageTemplate,
    })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    visitor = createClient(server.baseUrl)
  })
  afterAll(async () => {
    await server?.close()
    await cluster?.stop()
  })

  const health = () => createClient(server.baseUrl).get('/api/health')
  const waitForHealth = (status: number, body: object) =>
    vi.waitFor(
      async () => {
        const response = await health()
        expect({ status: response.status, body: response.body }).toEqual({ status, body })
      },
      { timeout: 45_000, interval: 100 },
    )

  // Public reads and writes, an admin read (its session is resolved in the database first) and
  // a server-rendered page.
  const routes: Record<string, () => Promise<TestResponse>> = {
    'GET /api/plans': () => visitor.get('/api/plans'),
    'POST /api/trial-requests': () => visitor.post('/api/trial-requests', trialForm),
    'GET /api/support-tickets/lobby as admin': () => admin.get('/api/support-tickets/lobby'),
    'GET /blog': () => visitor.get('/blog'),
  }

  const openTicket = async (customerName: string): Promise<string> => {
    const { body: ticket } = await visitor.post('/api/support-tickets', {
      customerName,
      customerEmail: 'grace@example.com',
      subject: 'Outage',
      description: 'Will my chat survive it?',
    })
    return ticket.id
  }

  async function openCustomerSocket(ticketId: string) {
    const customer = await openSocket(server.baseUrl)
    customer.send({ type: 'identify', role: 'customer', key: ticketId })
    await customer.waitFor((f) => f.type === 'auth:verified')
    return customer
  }

  /** A customer's socket opened during the outage on a ticket this process has not seen yet. */
  async function openSocketDuringOutage(ticketId: string) {
    const socket = await openSocket(server.baseUrl)
    socket.send({ type: 'identify', role: 'customer', key: ticketId })
    await socket.waitFor((f) => f.type === 'error' && f.message === databaseUnavailableMessage)
    return socket
  }

  it('answers 503 with Retry-After while it is down, never 500, and recovers by itself', async () => {
    const ticketId = await openTicket('Grace')
    const sockets: TestSocket[] = [
      await openCustomerSocket(ticketId),
      await openAdminSocket(server.baseUrl, admin.cookie),
    ]
    // Opened, and not yet in any chat here.
    const unseenTicketId = await openTicket('Ada')

    const problemsBefore = busProblems()
    await cluster.down()
    // The lost connection, then two failed reconnects: a single retry used to be the last one.
    await vi.waitFor(() => expect(busProblems()).toBeGreaterThanOrEqual(problemsBefore + 3), {
      timeout: 10_000,
    })
    await waitForHealth(503, {
      status: 'degraded',
      database: 'unreachable',
      events: 'reconnecting',
    })
    for (const [name, call] of Object.entries(routes)) {
      const response = await call()
      expect({ name, status: response.status }).toEqual({ name, status: 503 })
      expect(response.headers.get('retry-after')).toBe('5')
      if (name === 'GET /blog') {
        expect(response.headers.get('content-type')).toContain('text/html')
        expect(response.body).toContain(databaseUnavailableMessage)
      } else {
        expect(response.body).toEqual({ message: databaseUnavailableMessage })
      }
    }
    const late = await openSocketDuringOutage(unseenTicketId)
    // A ticket this process has seen is known without the database: its chat opens again.
    sockets.push(await openCustomerSocket(ticketId))

    await cluster.up()
    await waitForHealth(200, { status: 'ok' })
    // Events published while the listener was away are lost to it: the browsers refetch.
    await Promise.all(
      [...sockets, late].map((socket) => socket.waitFor((f) => f.type === 'resync')),
    )
    // As the web client does when it was never verified.
    late.send({ type: 'identify', role: 'customer', key: unseenTicketId })
    await late.waitFor((f) => f.type === 'auth:verified')
    const statuses = await Promise.all(
      Object.values(routes).map(async (call) => (await call()).status),
    )
    // The trial request refused during the outage left nothing behind: this one is new.
    expect(statuses).toEqual([200, 201, 200, 200])

    const said = (text: string) => (f: ServerFrame) =>
      f.type === 'chat:new_message' && f.message.message === text
    await visitor.post('/api/chat-messages', { ticketId, message: 'Still there?' })
    await visitor.post('/api/chat-messages', { ticketId: unseenTicketId, message: 'Me too?' })
    for (const socket of sockets) await socket.waitFor(said('Still there?'))
    await late.waitFor(said('Me too?'))
    for (const socket of [...sockets, late]) socket.close()
  })
})
