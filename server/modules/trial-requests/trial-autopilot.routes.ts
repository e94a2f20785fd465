import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { autopilotStats, personAutostart } from '../../../common/trial-autopilot'
import { getAutopilotStats, getPersonAutostart } from './trial-autopilot.service'

/** The trial autopilot as admins see it: the dashboard's figures and one request's state. */
export async function trialAutopilotRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/trial-requests/autopilot-stats',
    { schema: { response: { 200: autopilotStats } } },
    async () => getAutopilotStats(app.db, app.now()),
  )

  // null (JSON) when the request arrived with the autopilot off.
  app.get(
    '/api/trial-requests/:id/autopilot',
    { schema: { params: idParams, response: { 200: personAutostart, 404: apiErrorBody } } },
    async (request) => getPersonAutostart(app.db, request.params.id),
  )
}
