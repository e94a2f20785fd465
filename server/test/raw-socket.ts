import { connect, type Socket } from 'node:net'

export type RawSocket = {
  socket: Socket
  /** Everything the server sent so far. */
  received: () => string
  /** Resolves once what the server sent matches `pattern`. */
  receives: (pattern: RegExp) => Promise<void>
  closed: Promise<void>
}

/**
 * A bare TCP connection to 127.0.0.1:`port` that writes `data` as given: for clients that never
 * finish a request. `localAddress` picks the address the server sees (any of 127.0.0.0/8).
 */
export async function openRawSocket(
  port: number,
  data = '',
  localAddress?: string,
): Promise<RawSocket> {
  const socket = connect({ port, host: '127.0.0.1', localAddress })
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (received += chunk))
  const receives = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(received)) return
        socket.off('data', check).off('close', fail)
        resolve()
      }
      const fail = () => reject(new Error(`Closed without ${pattern}; got ${received}`))
      socket.on('data', check).once('close', fail)
      check()
    })
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  // A reset by the server is an outcome the tests read through `closed` and `received`.
  socket.on('error', () => {})
  if (data) await new Promise<void>((resolve) => socket.write(data, () => resolve()))
  return { socket, received: () => received, receives, closed }
}
