import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { lineConnections, maskedIp } from '../../../common/line-watch'
import { notFound } from '../../lib/http-error'
import { personConnections } from './live-connections'
import { supplierAccess } from './supplier-access'

/**
 * Who watches a line now: the person's page (admins, with addresses) and the customer's own page
 * (their own line only, addresses masked). A panel that does not answer leaves the last reading.
 */
export async function liveConnectionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const access = supplierAccess(app)
  const response = { 200: lineConnections, 404: apiErrorBody }

  app.get(
    '/api/trial-requests/:id/connections',
    { config: { role: 'support' }, schema: { params: idParams, response } },
    async (request) => {
      const watching = await personConnections(access, request.params.id)
      if (!watching) throw notFound('This person has no line yet')
      return watching
    },
  )

  app.get(
    '/api/account/connections',
    { config: { customer: true }, schema: { response } },
    async (request) => {
      const watching = await personConnections(access, request.customer!.personId)
      if (!watching) throw notFound('You have no line yet')
      const connections = watching.connections.map((connection) => ({
        ...connection,
        ip: maskedIp(connection.ip),
      }))
      return { ...watching, connections }
    },
  )
}
