import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { openRawSocket } from './test/raw-socket'
import { startServerOnTempData } from './test/server-process'

const headersTimeoutMs = 10_000
const healthCheck = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'

/** Milliseconds for GET /api/health on a new connection, the median of several. */
async function healthLatency(port: number): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < 9; i++) {
    const startedAt = performance.now()
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const get = request({ port, host: '127.0.0.1', path: '/api/health', agent: false }, (res) =>
        res.resume().on('end', () => resolve(res.statusCode)),
      )
      get.on('error', reject).end()
    })
    expect(status).toBe(200)
    samples.push(performance.now() - startedAt)
  }
  return samples.sort((a, b) => a - b)[4]!
}

describe('slow and greedy clients of the server process', () => {
  it('serves a normal GET while 500 sockets trickle headers, and drops those at the headers timeout', async () => {
    const server = await startServerOnTempData({ MAX_CONNECTIONS_PER_IP: '0' })
    try {
      const baseline = await healthLatency(server.port)
      const connectedAt = Date.now()
      const slow = await Promise.all(
        Array.from({ length: 500 }, () =>
          openRawSocket(server.port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '),
        ),
      )
      // The server accepts connections in order, so these GETs wait until all 500 are held.
      expect(await healthLatency(server.port)).toBeLessThan(baseline * 20)

      await Promise.all(slow.map((socket) => socket.closed))
      const heldFor = Date.now() - connectedAt
      expect(heldFor).toBeGreaterThanOrEqual(headersTimeoutMs - 100)
      expect(heldFor).toBeLessThan(headersTimeoutMs + 5_000)
      for (const socket of slow) expect(socket.received()).toMatch(/^HTTP\/1\.1 408 /)
    } finally {
      await server.stop()
    }
  }, 90_000)

  it('refuses connections from one address beyond MAX_CONNECTIONS_PER_IP with 503', async () => {
    const server = await startServerOnTempData({ MAX_CONNECTIONS_PER_IP: '5' })
    try {
      // Another loopback address than the health checks' pooled connections come from.
      const address = '127.0.0.2'
      const five = await Promise.all(
        Array.from({ length: 5 }, () => openRawSocket(server.port, '', address)),
      )
      const sixth = await openRawSocket(server.port, '', address)
      await sixth.closed
      expect(sixth.received()).toMatch(
        /^HTTP\/1\.1 503 Service Unavailable\r\n[^]*\r\n\r\n\{"message":"Too many connections from your address"\}$/,
      )

      for (const socket of five) socket.socket.write(healthCheck)
      await Promise.all(five.map((socket) => socket.closed))
      for (const socket of five) expect(socket.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      // Each address has its own count.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    } finally {
      await server.stop()
    }
  }, 60_000)
})
