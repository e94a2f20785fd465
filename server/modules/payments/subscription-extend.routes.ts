import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { extendSubscriptionInput, subscriptionChange } from '../../../common/subscription-renewals'
import { extendPaid, manualPaymentActions } from './manual-payment.commands'
import { paymentContext } from './payment-context'

export async function subscriptionExtendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The renewal is a manual payment, settled as any other: revenue of this month, and the person's
  // line moves its expiry on the panel.
  app.post(
    '/api/trial-requests/:id/subscription/extend',
    {
      config: { audit: manualPaymentActions.extend },
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
      const { settled, lineProblem } = await extendPaid(paymentContext(request), {
        personId: request.params.id,
        input: request.body,
      })
      return lineProblem ? { ...settled.person!, lineProblem } : settled.person!
    },
  )
}
