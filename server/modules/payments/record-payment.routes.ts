import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { paymentChange, recordPaymentInput } from '../../../common/payments'
import { invalidField } from '../../lib/http-error'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { requestFollower } from '../m3u/line-follow'
import { settleManualPayment } from './manual-payment'
import { presentPayment } from '../subscriptions/present-payment'
import { followSettled } from './settle-payment'

const audit = auditAs('trial_request')

export async function recordPaymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // Money received elsewhere (cash, a transfer, PayPal…): recorded and settled at once, through
  // the same step as a provider's payment. A retried submission answers the payment it recorded.
  app.post(
    '/api/trial-requests/:id/payments',
    {
      config: audit('record_payment'),
      schema: {
        params: idParams,
        body: recordPaymentInput,
        response: { 201: paymentChange, 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { planId, months, method, reference, amount, requestId, paidAt } = request.body
      const now = app.now()
      if (paidAt && paidAt > now) throw invalidField('paidAt', 'paidAt must not be in the future')
      const { settled } = await inAuditedTransaction(
        request,
        (tx) =>
          settleManualPayment(
            tx,
            request.params.id,
            { plan: { id: planId }, months, amount, method, reference, requestId },
            { now, paidAt, createdBy: request.admin!.username },
          ),
        {
          details: ({ isReplay }) => ({
            fields: Object.keys(request.body),
            payment: { provider: 'manual', method },
            ...(isReplay ? { outcome: 'replayed' as const } : {}),
          }),
        },
      )
      const lineProblem = await followSettled(requestFollower(request), settled, {
        createLine: true,
      })
      const payment = presentPayment(settled.payment, settled.person?.name ?? null)
      return reply.code(201).send(lineProblem ? { ...payment, lineProblem } : payment)
    },
  )
}
