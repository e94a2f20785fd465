import type { Server, Socket } from 'node:net'

const refusalBody = JSON.stringify({ message: 'Too many connections from your address' })
const refusal = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json',
  `Content-Length: ${Buffer.byteLength(refusalBody)}`,
  'Connection: close',
  '',
  refusalBody,
].join('\r\n')

export type Connections = {
  /** Destroys every open connection (WebSockets included); returns how many there were. */
  destroyAll(): number
}

/**
 * Counts the server's TCP connections per peer address and refuses those beyond
 * `maxPerAddress` (0: no cap). The peer is the direct one: behind a reverse proxy every
 * visitor shares the proxy's address.
 */
export function trackConnections(server: Server, maxPerAddress: number): Connections {
  const open = new Set<Socket>()
  const countByAddress = new Map<string, number>()

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    const count = countByAddress.get(address) ?? 0
    if (maxPerAddress > 0 && count >= maxPerAddress) {
      // No request exists yet to answer. The write reaches the kernel at once, and destroying
      // at once (as Node does for a malformed request) keeps the parser from reading a request.
      socket.write(refusal)
      socket.destroy()
      return
    }
    countByAddress.set(address, count + 1)
    open.add(socket)
    socket.once('close', () => {
      open.delete(socket)
      const left = (countByAddress.get(address) ?? 1) - 1
      if (left === 0) countByAddress.delete(address)
      else countByAddress.set(address, left)
    })
  })

  return {
    destroyAll() {
      const count = open.size
      for (const socket of open) socket.destroy()
      return count
    },
  }
}
