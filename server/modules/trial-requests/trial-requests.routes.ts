import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { trialRequestInput } from '../../../common/trial-requests'
import { limitPerIp, publicWriteLimits } from '../../plugins/rate-limit'
import { createTrialRequest } from './trial-requests.service'

export async function trialRequestsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/trial-requests',
    {
      config: { public: true },
      schema: { body: trialRequestInput },
      preHandler: limitPerIp(app, publicWriteLimits.trialRequest),
    },
    async (request, reply) => {
      const { request: stored, isNew } = await createTrialRequest(app.db, app.bus, request.body)
      const { id, subscriptionId, status, createdAt } = stored
      return reply
        .code(isNew ? 201 : 200)
        .send({ id, subscriptionId, status, createdAt: createdAt.toISOString() })
    },
  )
}
