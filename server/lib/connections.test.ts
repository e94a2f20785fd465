import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { expect, it } from 'vitest'
import { openRawSocket } from '../test/raw-socket'
import { trackConnections } from './connections'

const get = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'

it('frees a place when a connection closes, and destroys the open ones on demand', async () => {
  const server = createServer((_request, response) => response.end('ok'))
  const connections = trackConnections(server, 1)
  // Added after the tracker's, so a socket's close listener here runs after the tracker's.
  const accepted: Socket[] = []
  server.on('connection', (socket: Socket) => accepted.push(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    const first = await openRawSocket(port, get, '127.0.0.3')
    await first.receives(/^HTTP\/1\.1 200 OK\r\n/)
    const refused = await openRawSocket(port, get, '127.0.0.3')
    await refused.closed
    expect(refused.received()).toMatch(/^HTTP\/1\.1 503 /)

    first.socket.destroy()
    await new Promise((resolve) => accepted[0]!.once('close', resolve))
    const second = await openRawSocket(port, get, '127.0.0.3')
    await second.receives(/^HTTP\/1\.1 200 OK\r\n/)

    expect(connections.destroyAll()).toBe(1)
    await second.closed
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
})
