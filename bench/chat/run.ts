/**
 * Live chat at scale, on PGlite and on a throwaway PostgreSQL, against server processes with an
 * admin socket: one's heap per idle customer socket at 5,000 (heap used after a forced garbage
 * collection, read through the inspector, before and after opening them, each in its own
 * ticket); another's p50/p95/p99 delivery latency, with 1,000 customer sockets open, from an
 * agent's POST to the customer's and to the admin's socket, next to an HTTP health check of the
 * same server (both over one kept-alive node:http connection, as a browser's would be).
 *
 * The server is the build, as `npm start` runs it (`npm run build` first):
 *
 *   npx tsx bench/chat/run.ts                   this checkout's
 *   npx tsx bench/chat/run.ts --root ../other   another checkout's, e.g. a baseline
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { DatabaseConfig } from '../../server/config'
import { openDatabase, queryRows } from '../../server/db/client'
import { freePort } from '../../server/test/free-port'
import { createClient } from '../../server/test/http-client'
import { startPostgresCluster } from '../../server/test/postgres-cluster'
import { stopServerProcess, waitForHealth } from '../../server/test/server-process'
import { openAdminSocket, openSocket, type TestSocket } from '../../server/test/socket-client'
import { benchOwner, benchRoot, startBenchServer } from '../lib/bench-server'
import { connectInspector } from '../lib/inspector'
import { keepAliveClient } from '../lib/keep-alive-client'
import { measure, ms, percentiles, printTable } from '../lib/measure'

const root = benchRoot()
// Issue 13: p99 delivery at 1,000 sockets and heap per idle socket at 5,000.
const targets = { p99Ms: 10, heapBytesPerSocket: 8 * 1024 }
const deliverySockets = 1000
const idleSockets = 5000
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Tickets made before the server starts, in the database it will open. */
async function seedTickets(database: DatabaseConfig): Promise<string[]> {
  const opened = await openDatabase(database)
  try {
    const rows = await queryRows<{ id: string }>(
      opened.db,
      sql`insert into support_tickets (customer_name, customer_email, subject, description)
          select 'Customer ' || g, 'c' || g || '@example.com', 'Ticket ' || g, 'Bench'
          from generate_series(1, ${idleSockets}) g returning id`,
    )
    return rows.map((row) => row.id)
  } finally {
    await opened.close()
  }
}

async function openCustomers(baseUrl: string, tickets: string[]): Promise<TestSocket[]> {
  const sockets: TestSocket[] = []
  for (let start = 0; start < tickets.length; start += 200) {
    const batch = tickets.slice(start, start + 200)
    const opened = await Promise.all(
      batch.map(async (id) => {
        const socket = await openSocket(baseUrl)
        socket.send({ type: 'identify', role: 'customer', key: id })
        await socket.waitFor((f) => f.type === 'auth:verified', 30_000)
        return socket
      }),
    )
    sockets.push(...opened)
  }
  return sockets
}

async function closeAll(sockets: TestSocket[]) {
  for (const socket of sockets) socket.close()
  await Promise.all(sockets.map((socket) => socket.closed))
}

/** POSTs replies as the agent and times their arrival on the customer's and the admin's socket. */
async function deliveryLatency(
  agent: ReturnType<typeof keepAliveClient>,
  staff: TestSocket,
  customers: { socket: TestSocket; ticketId: string }[],
) {
  let seq = 0
  const toCustomer: number[] = []
  const toAdmin: number[] = []
  await measure(
    async () => {
      const { socket, ticketId } = customers[seq++ % customers.length]!
      const text = `bench ${seq}`
      const start = performance.now()
      const arrived = (s: TestSocket) =>
        s
          .waitFor((f) => f.type === 'chat:new_message' && f.message.message === text, 10_000)
          .then(() => performance.now() - start)
      const [customerMs, adminMs, answer] = await Promise.all([
        arrived(socket),
        arrived(staff),
        agent.post('/api/chat-messages', { ticketId, senderType: 'admin', message: text }),
      ])
      if (answer !== 201) throw new Error(`POST answered ${answer}`)
      toCustomer.push(customerMs)
      toAdmin.push(adminMs)
      // The test client keeps every frame; dropping them keeps its lookups cheap.
      socket.frames.length = 0
      staff.frames.length = 0
    },
    // A long warm-up: the first hundred deliveries run unoptimised code on both ends.
    { runs: 300, warmup: 100 },
  )
  // The warm-up's samples are not kept.
  return { customer: percentiles(toCustomer.slice(-300)), admin: percentiles(toAdmin.slice(-300)) }
}

/** Starts the built server (what `npm start` runs) on `env`'s database, once healthy. */
async function startServer(env: Record<string, string>) {
  const started = await startBenchServer(
    // Every socket comes from 127.0.0.1.
    { ...env, WS_MAX_SOCKETS_PER_IP: '0' },
    'built',
    root,
  )
  await waitForHealth(started.baseUrl, started.server).catch(async (error: unknown) => {
    await stopServerProcess(started.server)
    throw error
  })
  return started
}

/**
 * Heap used after a full collection, with only an admin socket, then with 5,000 idle customer
 * sockets. A server of its own: the forced collections leave V8 ready to collect again soon,
 * which would land in the middle of delivery's samples.
 */
async function heapPerIdleSocket(env: Record<string, string>, tickets: string[]) {
  const inspectorPort = await freePort()
  const { server, baseUrl } = await startServer({
    ...env,
    NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}`,
  })
  let sockets: TestSocket[] = []
  try {
    const inspector = await connectInspector(inspectorPort)
    const signIn = createClient(baseUrl)
    await signIn.login(benchOwner.username, benchOwner.password)
    const staff = await openAdminSocket(baseUrl, signIn.cookie)
    const before = await inspector.memoryAfterGc()
    sockets = [staff, ...(await openCustomers(baseUrl, tickets))]
    const after = await inspector.memoryAfterGc()
    inspector.close()
    return {
      before,
      after,
      heapPerSocket: (after.heapUsed - before.heapUsed) / tickets.length,
      rssPerSocket: (after.rss - before.rss) / tickets.length,
    }
  } finally {
    await closeAll(sockets)
    await stopServerProcess(server)
  }
}

/** The health check's latency, then delivery's with 1,000 customer sockets open. */
async function deliveryWithOpenSockets(env: Record<string, string>, tickets: string[]) {
  const { server, baseUrl } = await startServer(env)
  let sockets: TestSocket[] = []
  try {
    const signIn = createClient(baseUrl)
    await signIn.login(benchOwner.username, benchOwner.password)
    const staff = await openAdminSocket(baseUrl, signIn.cookie)
    const agent = keepAliveClient(baseUrl, { cookie: signIn.cookie!, origin: baseUrl })
    try {
      const health = await measure(() => agent.get('/api/health'), { runs: 300 })
      const customers = await openCustomers(baseUrl, tickets)
      sockets = [staff, ...customers]
      const delivery = await deliveryLatency(
        agent,
        staff,
        customers.map((socket, i) => ({ socket, ticketId: tickets[i]! })),
      )
      return { health, ...delivery }
    } finally {
      agent.close()
    }
  } finally {
    await closeAll(sockets)
    await stopServerProcess(server)
  }
}

async function measureOn(label: string, database: DatabaseConfig, env: Record<string, string>) {
  const tickets = await seedTickets(database)
  const heap = await heapPerIdleSocket(env, tickets)
  const delivery = await deliveryWithOpenSockets(env, tickets.slice(0, deliverySockets))

  const isDeliveryOk = delivery.customer.p99 <= targets.p99Ms && delivery.admin.p99 <= targets.p99Ms
  const isHeapOk = heap.heapPerSocket <= targets.heapBytesPerSocket
  const verdict = (isOk: boolean) => (isOk ? 'PASS' : 'FAIL')
  const { health } = delivery
  console.log(`\n${label}\n`)
  printTable(
    ['case', 'p50', 'p95', 'p99', 'target'],
    [
      ['baseline: health check', ms(health.p50), ms(health.p95), ms(health.p99), ''],
      ...(['customer', 'admin'] as const).map((to) => [
        `POST → ${to} socket, ${deliverySockets} sockets`,
        ms(delivery[to].p50),
        ms(delivery[to].p95),
        ms(delivery[to].p99),
        `p99 ≤ ${targets.p99Ms} ms ${verdict(delivery[to].p99 <= targets.p99Ms)}`,
      ]),
    ],
  )
  console.log()
  printTable(
    ['idle sockets', 'heap before', 'heap after', 'heap per socket', 'RSS per socket', 'target'],
    [
      [
        `0 → ${idleSockets}`,
        kb(heap.before.heapUsed),
        kb(heap.after.heapUsed),
        kb(heap.heapPerSocket),
        kb(heap.rssPerSocket),
        `≤ ${kb(targets.heapBytesPerSocket)} ${verdict(isHeapOk)}`,
      ],
    ],
  )
  return isDeliveryOk && isHeapOk
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-chat-'))
const cluster = await startPostgresCluster()
try {
  console.log(`Server: ${root}/dist/server/main.js`)
  console.log(
    `Load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const onPglite = await measureOn('PGlite', { kind: 'pglite', dataDir }, { DATA_DIR: dataDir })
  const admin = new pg.Client(cluster.adminUrl)
  await admin.connect()
  await admin.query('create database bench_chat')
  await admin.end()
  const url = cluster.adminUrl.replace(/\/postgres$/, '/bench_chat')
  const onPostgres = await measureOn('PostgreSQL', { kind: 'postgres', url }, { DATABASE_URL: url })
  console.log(
    `\nLoad average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const isOk = onPglite && onPostgres
  console.log(`\n${isOk ? 'PASS' : 'FAIL'}`)
  process.exitCode = isOk ? 0 : 1
} finally {
  await cluster.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
