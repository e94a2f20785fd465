import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { trialRequestInput, trialRequestReceipt } from '../../../common/trial-requests'
import { limitPerIp, publicWriteLimits } from '../rate-limits/limits'
import { getPlatformSettings } from '../settings/settings.service'
import { telegramLinkFor } from '../telegram/start-link'
import { isLoginOnItsWay } from './trial-autopilot.service'
import { createTrialRequest } from './trial-requests.service'

export async function trialRequestsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/trial-requests',
    {
      config: { public: true, personal: true },
      // The answer passes through its schema, which strips anything it does not name.
      schema: {
        body: trialRequestInput,
        response: { 200: trialRequestReceipt, 201: trialRequestReceipt },
      },
      preHandler: limitPerIp(app, publicWriteLimits.trialRequest),
    },
    async (request, reply) => {
      const result = await createTrialRequest(app.db, app.bus, request.body, {
        ip: request.ip,
        now: app.now(),
      })
      if (result.outcome === 'already_requested') {
        return reply.code(200).send({ outcome: 'already_requested' })
      }
      const { id, subscriptionId, status, createdAt } = result.request
      const [telegramLink, isOnItsWay, { trialDurationHours }] = await Promise.all([
        telegramLinkFor(app, id),
        isLoginOnItsWay(app.db, id),
        getPlatformSettings(app.db),
      ])
      return reply.code(result.isNew ? 201 : 200).send({
        outcome: 'received',
        id,
        subscriptionId,
        status,
        createdAt: createdAt.toISOString(),
        telegramLink,
        isLoginOnItsWay: isOnItsWay,
        // No line exists yet: the trial runs from the login's arrival, so only its length is known.
        trialHours: trialDurationHours,
      })
    },
  )
}
