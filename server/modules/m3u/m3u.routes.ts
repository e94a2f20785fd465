import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { pageQuery } from '../../../common/api'
import { createM3uLineInput } from '../../../common/m3u'
import { setPageHeaders } from '../../lib/keyset'
import { inAuditedTransaction } from '../../plugins/audit'
import { createM3uLine, listM3uLines } from './m3u.service'
import type { SupplierAdapter } from './supplier'
import { createXuiSupplier } from './xui-supplier'

export async function m3uRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const supplier: SupplierAdapter | null = app.config.supplierApiUrl
    ? createXuiSupplier(app.config.supplierApiUrl, app.config.supplierTimeoutMs)
    : null

  app.get('/api/m3u-lines', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const page = await listM3uLines(app.db, request.query)
    setPageHeaders(reply, page)
    return page.lines
  })

  app.post(
    '/api/m3u-lines',
    {
      config: { audit: { action: 'm3u_line.create', entity: 'm3u_line' } },
      schema: { body: createM3uLineInput },
    },
    async (request, reply) => {
      const { line, isNew } = await createM3uLine(
        app.db,
        supplier,
        request.body,
        request.admin!.username,
        app.now(),
        (write) =>
          inAuditedTransaction(request, write, {
            entityId: ({ line }) => line.id,
            details: ({ isNew }) => (isNew ? undefined : { outcome: 'replayed' }),
          }),
      )
      return reply.code(isNew ? 201 : 200).send(line)
    },
  )
}
