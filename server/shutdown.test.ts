import { describe, expect, it } from 'vitest'
import { startProcessesOnPostgres } from './test/processes-on-postgres'
import { openRawSocket } from './test/raw-socket'
import { startServerOnTempData } from './test/server-process'
import { openSocket } from './test/socket-client'

const graceMs = 10_000

/**
 * A public POST whose body can be sent in parts. It asks for `100 Continue`, which the server
 * sends once the request is under way: from then on it is a request in flight.
 */
function ticketRequest() {
  const body = JSON.stringify({
    customerName: 'Ada',
    customerEmail: 'ada@example.com',
    subject: 'Slow link',
    description: 'Sent in two parts',
  })
  const head = [
    'POST /api/support-tickets HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Expect: 100-continue',
    '',
    '',
  ].join('\r\n')
  return { head, body }
}

describe('the server process on SIGTERM', () => {
  it('cuts clients that never finish their request once the grace period ends, and exits 0', async () => {
    const server = await startServerOnTempData({ LOG_LEVEL: 'info' })
    try {
      const { head, body } = ticketRequest()
      const stalled = await Promise.all([
        openRawSocket(server.port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
        openRawSocket(server.port, head + body.slice(0, 10)),
      ])
      await stalled[1]!.receives(/^HTTP\/1\.1 100 Continue/)

      const signalledAt = Date.now()
      server.child.kill('SIGTERM')
      // An impatient second signal does not start a second shutdown.
      server.child.kill('SIGINT')
      expect(await server.exited).toBe(0)
      const elapsed = Date.now() - signalledAt
      expect(elapsed).toBeGreaterThanOrEqual(graceMs - 100)
      expect(elapsed).toBeLessThan(graceMs + 5_000)
      await Promise.all(stalled.map((socket) => socket.closed))
      expect(server.output().match(/"msg":"Shutting down"/g)).toHaveLength(1)
      expect(server.output()).toMatch(/"cutConnections":2,.*"msg":"Shut down"/)
    } finally {
      await server.stop()
    }
  }, 60_000)

  it('lets a request in flight finish, closes live sockets with 1001, and exits 0 at once', async () => {
    const server = await startServerOnTempData()
    try {
      const live = await openSocket(server.url)
      const { head, body } = ticketRequest()
      const arriving = await openRawSocket(server.port, head + body.slice(0, 10))
      await arriving.receives(/^HTTP\/1\.1 100 Continue/)

      const signalledAt = Date.now()
      server.child.kill('SIGTERM')
      // The live socket's close frame shows the shutdown is under way.
      expect((await live.closed).code).toBe(1001)
      arriving.socket.write(body.slice(10))
      await arriving.closed
      expect(arriving.received()).toMatch(/HTTP\/1\.1 201 Created\r\n[^]*"subject":"Slow link"/)
      expect(await server.exited).toBe(0)
      expect(Date.now() - signalledAt).toBeLessThan(graceMs)
    } finally {
      await server.stop()
    }
  }, 60_000)

  // A proxy resends no POST that a leaving process refused: what arrives is answered, and the
  // connection closed after it so the next request opens one to a process that stays.
  it('answers requests still arriving on open connections, each closing its connection, and is no longer ready', async () => {
    const server = await startServerOnTempData()
    try {
      const live = await openSocket(server.url)
      const { head, body } = ticketRequest()
      const arriving = await Promise.all([
        openRawSocket(server.port, head.slice(0, -2)),
        openRawSocket(server.port, 'GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
      ])
      // Answered after both began arriving, so the server has read their first lines: they are
      // requests under way, not idle connections that shutting down may close.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

      server.child.kill('SIGTERM')
      expect((await live.closed).code).toBe(1001)
      const [ticket, ready] = arriving
      ticket!.socket.write(`\r\n${body}`)
      ready!.socket.write('\r\n')
      await Promise.all(arriving.map((socket) => socket.closed))
      expect(ticket!.received()).toMatch(
        /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/,
      )
      expect(ready!.received()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/)
      expect(ready!.received()).toContain('{"status":"not ready"}')
      for (const socket of arriving) expect(socket.received()).toMatch(/\r\nconnection: close\r\n/i)
      expect(await server.exited).toBe(0)
    } finally {
      await server.stop()
    }
  }, 60_000)

  // Every job's first round starts with the process, so a stop at once meets them under way. On
  // PostgreSQL: a closed pool refuses their next query, where PGlite lets its queue drain first.
  it('lets the jobs it started end their rounds before it closes the database, none failing', async () => {
    const { servers, stop } = await startProcessesOnPostgres(1, { LOG_LEVEL: 'info' })
    try {
      const { process: server } = servers[0]!
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      expect(server.output()).toMatch(/"msg":"Shut down"/)
      expect(server.output()).not.toContain('Job failed')
    } finally {
      await stop()
    }
  }, 60_000)
})
