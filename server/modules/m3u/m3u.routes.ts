import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams, pageQuery } from '../../../common/api'
import { createM3uLineInputFor, m3uLine } from '../../../common/m3u'
import { panelCall } from '../../../common/panel-calls'
import { notFound } from '../../lib/http-error'
import { setPageHeaders } from '../../lib/keyset'
import { commandContext } from '../audit/command-context'
import { lineActions, orderLine } from './line.commands'
import { listM3uLines, m3uLineExists } from './m3u.service'
import { listLineHistory } from './panel-ledger'
import { panelCallRefusals, supplierAccess } from './supplier-access'

export async function m3uRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/m3u-lines',
    { schema: { querystring: pageQuery, response: { 200: z.array(m3uLine), 400: apiErrorBody } } },
    async (request, reply) => {
      const page = await listM3uLines(app.db, request.query)
      setPageHeaders(reply, page)
      return page.lines
    },
  )

  app.post(
    '/api/m3u-lines',
    {
      config: { audit: lineActions.create },
      schema: {
        body: createM3uLineInputFor({ hasServerKey: app.config.supplierApiKey !== null }),
        // 201 bought; 200 the line an earlier submit of the same requestId bought.
        response: { 200: m3uLine, 201: m3uLine, ...panelCallRefusals },
      },
    },
    async (request, reply) => {
      const ctx = { ...commandContext(request), access: supplierAccess(app) }
      const { line, isNew } = await orderLine(ctx, request.body)
      return reply.code(isNew ? 201 : 200).send(line)
    },
  )

  app.get(
    '/api/m3u-lines/:id/history',
    {
      schema: {
        params: idParams,
        querystring: pageQuery,
        response: { 200: z.array(panelCall), 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      if (!(await m3uLineExists(app.db, request.params.id))) throw notFound('M3U line not found')
      const page = await listLineHistory(app.db, request.params.id, request.query)
      setPageHeaders(reply, page)
      return page.calls
    },
  )
}
