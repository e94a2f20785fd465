import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { setPageHeaders } from '../../lib/keyset'
import { listAudit } from './audit.service'

const filterText = z.string().trim().max(255).optional()
const auditQuery = z.object({
  action: filterText,
  actor: filterText,
  entityType: filterText,
  entityId: filterText,
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(50),
  cursor: z.string().max(500).optional(),
})

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/audit-log', { schema: { querystring: auditQuery } }, async (request, reply) => {
    const { limit, cursor, ...filter } = request.query
    const page = await listAudit(app.db, filter, { limit, cursor })
    setPageHeaders(reply, page)
    return page.entries
  })
}
