import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParams } from '../../../common/api'
import { getAutopilotStats, getPersonAutostart } from './trial-autopilot.service'

/** The trial autopilot as admins see it: the dashboard's figures and one request's state. */
export async function trialAutopilotRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/trial-requests/autopilot-stats', async () => getAutopilotStats(app.db, app.now()))

  // null (JSON) when the request arrived with the autopilot off.
  app.get(
    '/api/trial-requests/:id/autopilot',
    { schema: { params: idParams } },
    async (request, reply) =>
      reply
        .type('application/json')
        .send(JSON.stringify(await getPersonAutostart(app.db, request.params.id))),
  )
}
