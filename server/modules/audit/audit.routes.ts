import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, pageQuery } from '../../../common/api'
import { auditEntry } from '../../../common/audit'
import { setPageHeaders } from '../../lib/keyset'
import { listAudit } from './audit.service'

const filterText = z.string().trim().max(255).optional()
const auditQuery = pageQuery.extend({
  action: filterText,
  actor: filterText,
  entityType: filterText,
  entityId: filterText,
})

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/audit-log',
    {
      schema: {
        querystring: auditQuery,
        response: { 200: z.array(auditEntry), 400: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filter } = request.query
      const page = await listAudit(app.db, filter, { limit, cursor })
      setPageHeaders(reply, page)
      return page.entries
    },
  )
}
