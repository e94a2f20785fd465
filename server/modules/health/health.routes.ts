import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { apiErrorBody } from '../../../common/api'
import { isDatabaseReachable } from '../../db/client'
import { databaseRetryAfterSeconds } from '../../lib/database-errors'

/**
 * 200 `{ status: 'ok' }` once the database answers and live events flow (a load balancer keeps
 * the process); otherwise 503 saying which of the two is missing.
 */
const healthy = z.object({ status: z.literal('ok') })
const degraded = z.object({
  status: z.literal('degraded'),
  database: z.enum(['ok', 'unreachable']),
  events: z.enum(['listening', 'reconnecting']),
})

export async function healthRoutes(app: FastifyInstance) {
  // A 503 may also come before the check, from a session looked up while the database is down.
  const schema = { response: { 200: healthy, 503: z.union([degraded, apiErrorBody]) } }
  app.get('/api/health', { config: { public: true }, schema }, async (_request, reply) => {
    const isDatabaseUp = await isDatabaseReachable(app.db)
    const events = app.bus.state()
    if (isDatabaseUp && events === 'listening') return { status: 'ok' }
    return reply
      .code(503)
      .header('retry-after', String(databaseRetryAfterSeconds))
      .send({ status: 'degraded', database: isDatabaseUp ? 'ok' : 'unreachable', events })
  })
}
