import type { FastifyInstance } from 'fastify'
import { isDatabaseReachable } from '../../db/client'

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    if (!(await isDatabaseReachable(app.db))) {
      return reply.code(503).send({ status: 'unavailable', message: 'Database is not reachable' })
    }
    return { status: 'ok' }
  })
}
