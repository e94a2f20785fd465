import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody } from '../../../common/api'
import { agentProfile, updateAgentProfileInput } from '../../../common/support'
import { commandContext } from '../audit/command-context'
import { setSupportName, setSupportNameAction } from './agent-profile.commands'
import { getAgentProfile } from './agent-profile.service'

/** The signed-in admin's own support settings: the name their replies are signed with. */
export async function agentProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const read = { config: { role: 'support' }, schema: { response: { 200: agentProfile } } } as const
  app.get('/api/support/agent-profile', read, async (request) =>
    getAgentProfile(app.db, request.admin!.id),
  )

  app.put(
    '/api/support/agent-profile',
    {
      config: { role: 'support', audit: setSupportNameAction },
      schema: {
        body: updateAgentProfileInput,
        response: { 200: agentProfile, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) => setSupportName(commandContext(request), request.body),
  )
}
