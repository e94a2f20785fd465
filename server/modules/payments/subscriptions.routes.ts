import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { subscriptionChange } from '../../../common/subscription-renewals'
import { convertToSubscriptionInput } from '../../../common/trial-requests'
import { convertToPaid, manualPaymentActions } from './manual-payment.commands'
import { paymentContext } from './payment-context'
import { deleteSubscriptionAction, takeBackSubscription } from './subscription.commands'

/** A person's paid subscription, begun and taken back by an admin. */
export async function subscriptionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The person's line follows each change of their subscription on the supplier panel: its new
  // state is recorded with the change, then pushed (lineProblem says why, when the panel did not
  // take it yet; the retry job keeps trying). The price is a manual payment, settled as any other.
  app.post(
    '/api/trial-requests/:id/convert-to-subscription',
    {
      config: { audit: manualPaymentActions.convert },
      schema: {
        params: idParams,
        body: convertToSubscriptionInput,
        response: {
          200: subscriptionChange,
          400: apiErrorBody,
          404: apiErrorBody,
          409: apiErrorBody,
        },
      },
    },
    async (request) => {
      const { settled, lineProblem } = await convertToPaid(paymentContext(request), {
        personId: request.params.id,
        input: request.body,
      })
      return lineProblem ? { ...settled.person!, lineProblem } : settled.person!
    },
  )

  app.delete(
    '/api/trial-requests/:id/subscription',
    {
      config: { audit: deleteSubscriptionAction },
      schema: {
        params: idParams,
        response: { 200: subscriptionChange, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const ctx = paymentContext(request)
      const { person, lineProblem } = await takeBackSubscription(ctx, request.params.id)
      return lineProblem ? { ...person, lineProblem } : person
    },
  )
}
