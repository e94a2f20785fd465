/**
 * Live chat at scale: N customer sockets, each in its own ticket, plus one admin socket, against
 * a server process on PostgreSQL. Prints delivery latency (agent's POST → the customer's socket,
 * and → the admin socket) at 100 and 1,000 sockets, and server memory per idle socket at 5,000,
 * next to an HTTP health check measured in the same run as a baseline.
 *
 *   npx tsx bench/chat/run.ts
 */
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { freePort } from '../../server/test/free-port'
import { createClient } from '../../server/test/http-client'
import { startPostgresCluster } from '../../server/test/postgres-cluster'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
} from '../../server/test/server-process'
import { openSocket, type TestSocket } from '../../server/test/socket-client'
import { measure, ms, printTable } from '../lib/measure'

const owner = { username: 'bench', password: 'measured-quietly-2026' }
const targets = { p99Ms: 25, bytesPerSocket: 20 * 1024 }

const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

const cluster = await startPostgresCluster()
const admin = new pg.Client(cluster.adminUrl)
await admin.connect()
await admin.query('create database bench_chat')
const databaseUrl = cluster.adminUrl.replace(/\/postgres$/, '/bench_chat')
const port = await freePort()
const baseUrl = `http://127.0.0.1:${port}`
const server = startServerProcess({
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  ADMIN_USERNAME: owner.username,
  ADMIN_PASSWORD: owner.password,
  LOG_LEVEL: 'error',
  // Every socket comes from 127.0.0.1.
  MAX_CONNECTIONS_PER_IP: '0',
  WS_MAX_SOCKETS_PER_IP: '0',
})
const sockets: TestSocket[] = []

try {
  await waitForHealth(baseUrl, server)
  const db = new pg.Client(databaseUrl)
  await db.connect()
  const { rows: tickets } = await db.query<{ id: string }>(
    `insert into support_tickets (customer_name, customer_email, subject, description)
     select 'Customer ' || g, 'c' || g || '@example.com', 'Ticket ' || g, 'Bench'
     from generate_series(1, 5000) g returning id`,
  )
  await db.end()

  const agent = createClient(baseUrl)
  await agent.login(owner.username, owner.password)
  const staff = await openSocket(baseUrl, agent.cookie)
  staff.send({ type: 'identify', role: 'admin', key: null })
  await staff.waitFor((f) => f.type === 'auth:verified')

  async function openCustomers(count: number) {
    while (sockets.length < count) {
      const batch = tickets.slice(sockets.length, Math.min(count, sockets.length + 200))
      const opened = await Promise.all(
        batch.map(async ({ id }) => {
          const socket = await openSocket(baseUrl)
          socket.send({ type: 'identify', role: 'customer', key: id })
          await socket.waitFor((f) => f.type === 'auth:verified', 30_000)
          return socket
        }),
      )
      sockets.push(...opened)
    }
  }

  /** POST a reply as the agent and time its arrival on the customer's and the admin's socket. */
  async function deliveryLatency(runs: number) {
    let seq = 0
    const toCustomer: number[] = []
    const toAdmin: number[] = []
    const overall = await measure(
      async () => {
        const index = seq++ % sockets.length
        const socket = sockets[index]!
        const text = `bench ${seq}`
        const start = performance.now()
        const arrived = (s: TestSocket) =>
          s
            .waitFor((f) => f.type === 'chat:new_message' && f.message.message === text, 10_000)
            .then(() => performance.now() - start)
        const [customerMs, adminMs] = await Promise.all([
          arrived(socket),
          arrived(staff),
          agent.post('/api/chat-messages', {
            ticketId: tickets[index]!.id,
            senderType: 'admin',
            message: text,
          }),
        ])
        toCustomer.push(customerMs)
        toAdmin.push(adminMs)
        // Frames are kept by the test client; drop them so lookups stay cheap.
        socket.frames.length = 0
        staff.frames.length = 0
      },
      // A long warm-up: the first hundred deliveries run unoptimised code on both ends.
      { runs, warmup: 100 },
    )
    const pct = (samples: number[], p: number) =>
      samples.sort((a, b) => a - b)[Math.floor((p / 100) * (samples.length - 1))]!
    return {
      overall,
      customerP50: pct(toCustomer, 50),
      customerP99: pct(toCustomer, 99),
      adminP99: pct(toAdmin, 99),
    }
  }

  const health = await measure(() => fetch(`${baseUrl}/api/health`).then((r) => r.text()), {
    runs: 300,
  })
  const rows: string[][] = [['baseline: health check', '—', ms(health.p50), ms(health.p99), '', '']]
  let isOk = true
  for (const count of [100, 1000]) {
    await openCustomers(count)
    const result = await deliveryLatency(300)
    const meets = result.customerP99 <= targets.p99Ms && result.adminP99 <= targets.p99Ms
    isOk &&= meets
    rows.push([
      `delivery at ${count} sockets`,
      String(count + 1),
      ms(result.customerP50),
      ms(result.customerP99),
      ms(result.adminP99),
      `${(result.customerP99 / health.p99).toFixed(1)}× baseline, ${meets ? '≤' : '>'} ${targets.p99Ms} ms ${meets ? '✓' : '✗'}`,
    ])
  }
  printTable(
    ['case', 'sockets', 'p50 to customer', 'p99 to customer', 'p99 to admin', 'p99 target'],
    rows,
  )

  // Memory: the server's resident size with 1,000 sockets open, then with 5,000.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 3000))
  await settle()
  const before = rssBytes(server.child.pid!)
  const beforeCount = sockets.length
  await openCustomers(5000)
  await settle()
  const perSocket = (rssBytes(server.child.pid!) - before) / (sockets.length - beforeCount)
  const memoryOk = perSocket <= targets.bytesPerSocket
  isOk &&= memoryOk
  console.log(
    `\nServer memory per idle socket (${beforeCount} → ${sockets.length} sockets): ${(perSocket / 1024).toFixed(1)} KB ` +
      `(target ≤ ${targets.bytesPerSocket / 1024} KB ${memoryOk ? '✓' : '✗'})`,
  )
  process.exitCode = isOk ? 0 : 1
} finally {
  for (const socket of sockets) socket.close()
  await stopServerProcess(server)
  await admin.query('drop database if exists bench_chat with (force)').catch(() => {})
  await admin.end()
  await cluster.stop()
}
