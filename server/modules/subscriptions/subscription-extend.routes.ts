import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParams } from '../../../common/api'
import { extendSubscriptionInput } from '../../../common/subscription-renewals'
import { auditAs, inAuditedTransaction } from '../../plugins/audit'
import { changePersonLine } from '../m3u/line-changes'
import { followLine } from '../m3u/line-follow'
import { extendSubscription } from './subscription-extend.service'

const audit = auditAs('trial_request')

export async function subscriptionExtendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The renewal is revenue of this month; the person's line moves its expiry on the panel.
  app.post(
    '/api/trial-requests/:id/subscription/extend',
    { config: audit('extend'), schema: { params: idParams, body: extendSubscriptionInput } },
    async (request) => {
      const { id } = request.params
      const now = app.now()
      const { person, lineId } = await inAuditedTransaction(
        request,
        async (tx) => {
          const outcome = await extendSubscription(
            tx,
            id,
            request.body,
            now,
            request.admin!.username,
          )
          const lineId = outcome.isReplay
            ? null
            : await changePersonLine(
                tx,
                id,
                { expiresAt: outcome.newEnd, isTrial: false, isEnabled: true },
                now,
              )
          return { ...outcome, lineId }
        },
        { details: ({ isReplay }) => (isReplay ? { outcome: 'replayed' } : undefined) },
      )
      const lineProblem = await followLine(request, lineId)
      return lineProblem ? { ...person, lineProblem } : person
    },
  )
}
