import { existsSync } from 'node:fs'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../common/support'
import { freePort } from '../test/free-port'
import { createClient } from '../test/http-client'
import { LiveChatClient } from '../test/live-chat-client'
import { startNginx } from '../test/nginx'
import { startProcessesOnPostgres, type RunningServer } from '../test/processes-on-postgres'
import { metricsToken, scrape, seriesValue } from '../test/prometheus-scrape'
import { requestRecorder, steadyLoad } from '../test/steady-load'
import { owner } from '../test/test-server'

/** The load: public pages, API reads and chat, 200 a second in all. */
const requestsPerSecond = 190
const agentMessagesPerSecond = 8
/** Customers share one address, whose chat limit is 60 messages a minute (resends count). */
const customerMessageEveryMs = 10_000
const pages = ['/', '/plans', '/support', '/blog', '/devices']
const apiReads = ['/api/plans', '/api/blog-posts']
const tickets = 4

/**
 * Back in nginx's rotation: with passive checks, nginx sends a process it left out a real request
 * again after fail_timeout. Seen in the process's own count of the load's `/api/plans`.
 */
async function servedThroughNginx(server: RunningServer) {
  const deadline = Date.now() + 30_000
  const labels = { route: '/api/plans', method: 'GET', status: '200' }
  while (Date.now() < deadline) {
    const text = await scrape(server.url)
    if (seriesValue(text, 'streamline_http_request_duration_seconds_count', labels) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`nginx sent ${server.url} nothing after its restart`)
}

/** The chat as stored: each ticket's messages written by clients, by clientMessageId. */
async function storedChat(databaseUrl: string) {
  const client = new pg.Client(databaseUrl)
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string; ticket_id: string; cmid: string }>(
      'select id, ticket_id, client_message_id as cmid from chat_messages',
    )
    return rows
  } finally {
    await client.end()
  }
}

// deploy/README.md's rolling restart, with deploy/'s nginx site in front of two built processes
// on PostgreSQL: each in turn gets SIGTERM, and the next only once it is back.
describe('a rolling restart behind nginx', () => {
  it('fails no request, loses or doubles no chat message, and reconnects every socket within 5 s', async () => {
    expect(existsSync('dist/server/main.js'), 'dist is missing: run `npm run build` first').toBe(
      true,
    )
    const nginxPort = await freePort()
    const publicUrl = `http://127.0.0.1:${nginxPort}`
    const cluster = await startProcessesOnPostgres(
      2,
      {
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '1',
        MAX_CONNECTIONS_PER_IP: '0',
        METRICS_TOKEN: metricsToken,
        // No sports service: the load's pages never ask it.
        SPORTS_API_BASE: 'http://127.0.0.1:9',
      },
      'built',
    )
    const [a, b] = cluster.servers as [RunningServer, RunningServer]
    const nginx = await startNginx(nginxPort, [a.port, b.port]).catch(async (error: unknown) => {
      await cluster.stop()
      throw error
    })
    const chats: LiveChatClient[] = []
    try {
      const http = requestRecorder(publicUrl)
      const ticketIds: string[] = []
      for (let i = 0; i < tickets; i++) {
        const { body } = await createClient(publicUrl).post('/api/support-tickets', {
          customerName: `Customer ${i}`,
          customerEmail: `customer${i}@example.com`,
          subject: 'Rolling restart',
          description: 'Still there?',
        })
        ticketIds.push(body.id)
      }
      const agent = createClient(publicUrl)
      await agent.login(owner.username, owner.password)
      const historyOf = (cookie: string | null) => async (ticketId: string) => {
        const body = await http.get(`/api/chat-messages/${ticketId}`, cookie ? { cookie } : {})
        return body === null ? [] : (JSON.parse(body) as ChatMessage[])
      }
      // An agent with each ticket's chat open (one session, a tab per ticket).
      const agents = ticketIds.map(
        (ticketId) =>
          new LiveChatClient({
            baseUrl: publicUrl,
            cookie: agent.cookie,
            identify: { type: 'identify', role: 'admin', key: null },
            senderType: 'admin',
            ticketIds: [ticketId],
            fetchHistory: historyOf(agent.cookie),
          }),
      )
      const customers = ticketIds.map(
        (ticketId) =>
          new LiveChatClient({
            baseUrl: publicUrl,
            identify: { type: 'identify', role: 'customer', key: ticketId },
            senderType: 'customer',
            ticketIds: [ticketId],
            fetchHistory: historyOf(null),
          }),
      )
      chats.push(...agents, ...customers)
      await Promise.all(chats.map((chat) => chat.started))

      let turn = 0
      const reads = [...pages, ...apiReads, ...ticketIds.map((id) => `/api/support-tickets/${id}`)]
      const load = steadyLoad(http.get, requestsPerSecond, () => reads[turn++ % reads.length]!)
      let written = 0
      const agentWriting = setInterval(() => {
        written += 1
        agents[written % tickets]!.write(ticketIds[written % tickets]!, `Agent message ${written}`)
      }, 1000 / agentMessagesPerSecond)
      const customersWriting = setInterval(() => {
        for (const [i, customer] of customers.entries()) {
          customer.write(ticketIds[i]!, `Customer ${i} message ${customer.written.size + 1}`)
        }
      }, customerMessageEveryMs)

      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      await pause(3_000)
      for (const server of [a, b]) {
        expect((await cluster.restart(server)).exitCode).toBe(0)
        await servedThroughNginx(server)
      }
      await pause(3_000)
      clearInterval(agentWriting)
      clearInterval(customersWriting)
      const { sent, seconds } = load.stop()
      await http.settled()
      await expect
        .poll(() => chats.map((chat) => chat.unseenCount()), { timeout: 20_000 })
        .toEqual(chats.map(() => 0))

      // Requests: every one answered 200 through nginx, at the load's rate.
      expect(http.failures).toEqual([])
      expect(sent / seconds).toBeGreaterThan(requestsPerSecond * 0.9)

      // Chat: every written message stored once, and shown once on every screen of its ticket.
      const stored = (await storedChat(cluster.database.url)).filter((row) => row.cmid !== null)
      const writtenIds = chats.flatMap((chat) => [...chat.written.keys()])
      expect(stored.map((row) => row.cmid).sort()).toEqual([...writtenIds].sort())
      for (const chat of chats) {
        const expected = stored.filter((row) => chat.ticketIds.includes(row.ticket_id))
        const missing = () => expected.filter((row) => !chat.shown.has(row.id))
        await expect.poll(missing).toEqual([])
        expect(new Set(chat.liveIds).size).toBe(chat.liveIds.length)
      }

      // Sockets: each was cut by a restart (1001), and back, identified, within 5 s every time.
      for (const chat of chats) {
        const cuts = chat.closeCodes.filter((code) => code === 1001)
        expect(cuts.length).toBeGreaterThan(0)
        expect(chat.reconnectMs.length).toBeGreaterThan(0)
        expect(chat.isLive).toBe(true)
        expect(Math.max(...chat.reconnectMs)).toBeLessThan(5_000)
      }
      console.log(
        `Rolling restart: ${sent} requests in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s), ` +
          `${stored.length} chat messages, reconnects ${chats.map((chat) => chat.reconnectMs.join('/')).join(', ')} ms`,
      )
    } finally {
      for (const chat of chats) chat.stop()
      await Promise.all([nginx.stop(), cluster.stop()])
    }
  }, 240_000)
})
