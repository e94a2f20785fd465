import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody, idParams } from '../../../../common/api'
import { renewalRetryAnswer } from '../../../../common/renewals'
import { plainPage } from '../../../lib/plain-page'
import { textAnswer } from '../../../lib/text-answer'
import { commandContext } from '../../audit/command-context'
import { renewalActions, retryRenewalNow } from './renewal.commands'
import { renewalPagePath } from './renewal-messages'
import { renewalPageUrl } from './renewal-page'

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
      config: { audit: renewalActions.retry },
      schema: {
        params: idParams,
        response: { 200: renewalRetryAnswer, 404: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request) => {
      const ctx = { ...commandContext(request), app: request.server }
      const tried = await retryRenewalNow(ctx, request.params.id)
      return tried.outcome === 'succeeded'
        ? { outcome: 'succeeded' as const, code: null }
        : { outcome: 'declined' as const, code: tried.code }
    },
  )
}
