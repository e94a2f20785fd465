import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  payment,
  paymentChange,
  paymentListQuery,
  refundInput,
  resolveInput,
} from '../../../common/payments'
import { setPageHeaders } from '../../lib/keyset'
import { textAnswer } from '../../lib/text-answer'
import { paymentContext } from './payment-context'
import { paymentsCsv, paymentsFileName } from './payments-csv'
import { getPayment, listPayments, paymentFilter } from './payments.service'
import { refundAction, refundPayment, resolveAction } from './refund.commands'
import { resolvePayment } from './resolve.commands'
const exportQuery = paymentListQuery.omit({ limit: true, cursor: true })

/**
 * The Business Center's Payments: reading them is admin-only, like every route not made public;
 * giving money back, or deciding a payment held for review, is for super admins.
 */
export async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/payments',
    {
      schema: {
        querystring: paymentListQuery,
        response: { 200: z.array(payment), 400: apiErrorBody },
      },
    },
    async (request, reply) => {
      const page = await listPayments(app.db, request.query)
      setPageHeaders(reply, page)
      return page.payments
    },
  )

  app.get(
    '/api/payments/export.csv',
    {
      schema: {
        querystring: exportQuery,
        response: {
          200: textAnswer('text/csv', 'The matching payments, one row each, newest first.'),
          400: apiErrorBody,
        },
      },
    },
    async (request, reply) => {
      // Built first, so a reversed date range answers 400 before the file starts.
      const filter = paymentFilter(request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${paymentsFileName(app.now())}"`)
        .send(paymentsCsv(app.db, filter))
    },
  )

  app.get(
    '/api/payments/:id',
    { schema: { params: idParams, response: { 200: payment, 404: apiErrorBody } } },
    async (request) => getPayment(app.db, request.params.id),
  )

  app.post(
    '/api/payments/:id/refund',
    {
      config: { role: 'super_admin', audit: refundAction },
      schema: {
        params: idParams,
        body: refundInput,
        // 502: Stripe refused the refund, in its words.
        response: {
          200: paymentChange,
          400: apiErrorBody,
          404: apiErrorBody,
          409: apiErrorBody,
          502: apiErrorBody,
        },
      },
    },
    async (request) => refundPayment(paymentContext(request), request.params.id, request.body),
  )

  app.post(
    '/api/payments/:id/resolve',
    {
      config: { role: 'super_admin', audit: resolveAction },
      schema: {
        params: idParams,
        body: resolveInput,
        // 409: not in review, or it cannot be accepted; 502: Stripe refused the refund.
        response: {
          200: paymentChange,
          400: apiErrorBody,
          404: apiErrorBody,
          409: apiErrorBody,
          502: apiErrorBody,
        },
      },
    },
    async (request) => resolvePayment(paymentContext(request), request.params.id, request.body),
  )
}
