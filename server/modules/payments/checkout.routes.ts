import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParams } from '../../../common/api'
import { checkoutAnswer, checkoutInput, paymentProvidersState } from '../../../common/payments'
import { commandContext } from '../audit/command-context'
import { makePayLink, payLinkAction } from './checkout.commands'
import { providersState } from './providers/payment-providers'

export async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/payments/providers',
    { schema: { response: { 200: paymentProvidersState } } },
    async () => providersState(app),
  )

  // An admin makes a pay link to send the customer; the amount comes from the plan, never the body.
  app.post(
    '/api/trial-requests/:id/checkout',
    {
      config: { audit: payLinkAction },
      schema: { params: idParams, body: checkoutInput, response: { 201: checkoutAnswer } },
    },
    async (request, reply) => {
      const ctx = { ...commandContext(request), app: request.server }
      const answer = await makePayLink(ctx, { personId: request.params.id, input: request.body })
      return reply.code(201).send(answer)
    },
  )
}
