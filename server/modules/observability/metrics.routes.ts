import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { z } from 'zod'
import { HttpError } from '../../lib/http-error'
import { createMetrics } from './metrics'
import { holdsMetricsToken } from './metrics-token'

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN as its bearer
 * token. Unset, the route does not exist (404): nothing about the process is told.
 */
export async function metricsRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool | null }) {
  const token = app.config.metricsToken
  if (!token) return
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
      if (!holdsMetricsToken(token, request.headers.authorization)) {
        reply.header('www-authenticate', 'Bearer')
        throw new HttpError(401, 'A valid metrics token is required')
      }
      const text = await registry.metrics()
      return reply.type(registry.contentType).send(text)
    },
  )
}
