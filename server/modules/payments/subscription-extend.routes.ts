import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { extendSubscriptionInput, subscriptionChange } from '../../../common/subscription-renewals'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { requestFollower } from '../m3u/line-follow'
import { settleManualPayment } from './manual-payment'
import { followSettled } from './settle-payment'

const audit = auditAs('trial_request')

export async function subscriptionExtendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The renewal is a manual payment, settled as any other: revenue of this month, and the person's
  // line moves its expiry on the panel.
  app.post(
    '/api/trial-requests/:id/subscription/extend',
    {
      config: audit('extend'),
      schema: {
        params: idParams,
        body: extendSubscriptionInput,
        response: {
          200: subscriptionChange,
          400: apiErrorBody,
          404: apiErrorBody,
          409: apiErrorBody,
        },
      },
    },
    async (request) => {
      const { months, price, requestId } = request.body
      const { settled } = await inAuditedTransaction(
        request,
        (tx) =>
          settleManualPayment(
            tx,
            request.params.id,
            { months, amount: price, requestId },
            { now: app.now(), step: 'extend', createdBy: request.admin!.username },
          ),
        { details: ({ isReplay }) => (isReplay ? { outcome: 'replayed' } : undefined) },
      )
      const lineProblem = await followSettled(requestFollower(request), settled, {
        createLine: false,
      })
      return lineProblem ? { ...settled.person!, lineProblem } : settled.person!
    },
  )
}
