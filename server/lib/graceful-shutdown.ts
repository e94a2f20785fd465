import type { FastifyInstance } from 'fastify'
import type { Connections } from './connections'

/**
 * Closes the app: stops accepting, lets requests in flight finish for at most `graceMs`, then
 * destroys the connections still open. Resolves with how many were cut.
 */
export async function closeWithin(
  app: FastifyInstance,
  connections: Connections,
  graceMs: number,
): Promise<number> {
  let cut = 0
  // Node closes idle keep-alive connections only as close() begins; one whose request finishes
  // later would otherwise sit idle until the deadline.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
  // Node stops enforcing header and request timeouts once the server closes, so a client holding
  // half a request would keep the process alive forever.
  const deadline = setTimeout(() => (cut = connections.destroyAll()), graceMs)
  try {
    await app.close()
  } finally {
    clearInterval(sweep)
    clearTimeout(deadline)
  }
  return cut
}
