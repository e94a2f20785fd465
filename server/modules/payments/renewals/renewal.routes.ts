import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../../common/api'
import { renewalRetryAnswer } from '../../../../common/renewals'
import { payments } from '../../../db/schema/payments'
import { trialRequests } from '../../../db/schema/trial-requests'
import { conflict, notFound } from '../../../lib/http-error'
import { plainPage } from '../../../lib/plain-page'
import { textAnswer } from '../../../lib/text-answer'
import { auditAs, inAuditedTransaction } from '../../audit/audited-transaction'
import { attemptRenewal, chargeOf } from './renewal-attempt'
import { renewalPagePath } from './renewal-messages'
import { renewalPageUrl } from './renewal-page'

const audit = auditAs('trial_request')

export async function renewalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The button of the e-mail sent when a card asks its holder to approve a renewal: on to
  // Stripe's page. Anyone holding the link may pay this renewal, and learns only its price.
  app.get(
    renewalPagePath(':id'),
    {
      config: { public: true },
      schema: {
        params: idParams,
        response: {
          200: textAnswer('text/html', '"Nothing to pay", in words: the renewal is settled.'),
          303: textAnswer('text/plain', "On to Stripe's payment page for the renewal (Location)."),
        },
      },
    },
    async (request, reply) => {
      const url = await renewalPageUrl(app, request.params.id)
      reply.header('cache-control', 'no-store')
      if (url) return reply.redirect(url, 303)
      return reply.type('text/html; charset=utf-8').send(
        plainPage({
          brandName: app.config.brandName,
          title: 'Nothing to pay',
          text: 'This renewal is paid or has ended. Your own page shows your subscription.',
        }),
      )
    },
  )

  // Staff's Retry now: the person's unpaid renewal charged at once, whatever its schedule.
  app.post(
    '/api/trial-requests/:id/renewal/retry',
    {
      config: audit('retry_renewal'),
      schema: {
        params: idParams,
        response: { 200: renewalRetryAnswer, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const charge = chargeOf(app)
      if (!charge) throw conflict('Stripe is not configured on this server: nothing to retry')
      const paymentId = await inAuditedTransaction(request, async (tx) => {
        const [person] = await tx
          .select({ id: trialRequests.id })
          .from(trialRequests)
          .where(eq(trialRequests.id, request.params.id))
        if (!person) throw notFound('Trial request not found')
        const [renewal] = await tx
          .update(payments)
          .set({ retryAt: app.now(), updatedAt: app.now() })
          .where(
            and(
              eq(payments.trialRequestId, person.id),
              eq(payments.kind, 'renewal'),
              isNotNull(payments.renewsPeriodEnd),
              eq(payments.status, 'pending'),
            ),
          )
          .returning({ id: payments.id })
        if (!renewal) throw conflict('There is no unpaid renewal to retry')
        return renewal.id
      })
      const tried = await attemptRenewal(app, paymentId, charge)
      if (tried.outcome === 'not_due') throw conflict('The renewal is being charged right now')
      return tried.outcome === 'succeeded'
        ? { outcome: 'succeeded' as const, code: null }
        : { outcome: 'declined' as const, code: tried.code }
    },
  )
}
