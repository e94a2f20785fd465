import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { paymentChange, recordPaymentInput } from '../../../common/payments'
import { presentPayment } from '../subscriptions/present-payment'
import { manualPaymentActions, recordManualPayment } from './manual-payment.commands'
import { paymentContext } from './payment-context'

export async function recordPaymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // Money received elsewhere (cash, a transfer, PayPal…): recorded and settled at once, through
  // the same step as a provider's payment. A retried submission answers the payment it recorded.
  app.post(
    '/api/trial-requests/:id/payments',
    {
      config: { audit: manualPaymentActions.record },
      schema: {
        params: idParams,
        body: recordPaymentInput,
        response: { 201: paymentChange, 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { settled, lineProblem } = await recordManualPayment(paymentContext(request), {
        personId: request.params.id,
        input: request.body,
      })
      const payment = presentPayment(settled.payment, settled.person?.name ?? null)
      return reply.code(201).send(lineProblem ? { ...payment, lineProblem } : payment)
    },
  )
}
