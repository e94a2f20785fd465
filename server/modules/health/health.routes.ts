import type { FastifyInstance } from 'fastify'
import { isDatabaseReachable } from '../../db/client'
import { databaseRetryAfterSeconds } from '../../lib/database-errors'

/**
 * 200 `{ status: 'ok' }` once the database answers and live events flow (a load balancer keeps
 * the process); otherwise 503 saying which of the two is missing.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const isDatabaseUp = await isDatabaseReachable(app.db)
    const events = app.bus.state()
    if (isDatabaseUp && events === 'listening') return { status: 'ok' }
    return reply
      .code(503)
      .header('retry-after', String(databaseRetryAfterSeconds))
      .send({ status: 'degraded', database: isDatabaseUp ? 'ok' : 'unreachable', events })
  })
}
