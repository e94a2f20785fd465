import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { z } from 'zod'
import { HttpError } from '../../lib/http-error'
import { createMetrics } from './metrics'

// Hashed first, so that tokens of any length compare in the same time.
const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN as its bearer
 * token. Unset, the route does not exist (404): nothing about the process is told.
 */
export async function metricsRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool | null }) {
  const token = app.config.metricsToken
  if (!token) return
  const expected = digest(`Bearer ${token}`)
  const registry = createMetrics(app, pool)

  app.get(
    '/metrics',
    {
      // Public to the session guard: the bearer token is the credential.
      config: { public: true },
      schema: {
        description: 'Prometheus metrics; needs `Authorization: Bearer {METRICS_TOKEN}`.',
        headers: z.object({ authorization: z.string().optional() }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const given = digest(request.headers.authorization ?? '')
      if (!timingSafeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer')
        throw new HttpError(401, 'A valid metrics token is required')
      }
      const text = await registry.metrics()
      return reply.type(registry.contentType).send(text)
    },
  )
}
