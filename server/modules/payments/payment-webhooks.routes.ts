import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { apiErrorBody } from '../../../common/api'
import { checkoutProviders } from '../../../common/payments'
import { badRequest, HttpError, notFound } from '../../lib/http-error'
import { signalWebhook } from '../../lib/signals'
import { handleProviderEvent } from './payment-webhooks.service'
import { paymentProvidersFor } from './providers/payment-providers'

/** What a provider is told of its event: taken, and whether it had been already. */
const webhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() })

// Stripe's and BTCPay's events are a few kilobytes; a megabyte body is no event of theirs.
const webhookBodyLimit = 256 * 1024

/**
 * The providers' webhooks: public (the signature authenticates, not a session), and given the
 * raw body, since a signature covers the exact bytes sent. The raw parser lives in this plugin's
 * scope only; every other route keeps parsing JSON. Providers send no Origin, so the cross-site
 * check lets them through.
 */
export async function paymentWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
    (_request, body, done) => done(null, body),
  )

  for (const name of checkoutProviders) {
    app.post(
      `/api/payments/${name}/webhook`,
      {
        config: { public: true },
        bodyLimit: webhookBodyLimit,
        // 400: a bad signature or body; 404: the provider is not configured here.
        schema: { response: { 200: webhookReceipt, 400: apiErrorBody, 404: apiErrorBody } },
      },
      async (request, reply) => {
        const provider = paymentProvidersFor(app)[name]
        if (!provider) throw notFound(`${name} payments are not configured on this server`)
        if (!Buffer.isBuffer(request.body)) throw badRequest('The webhook needs a JSON body')
        try {
          const event = await provider.parseWebhook(request.body, request.headers)
          const outcome = await handleProviderEvent(app, name, event)
          const isDuplicate = outcome === 'duplicate'
          signalWebhook({ provider: name, outcome: isDuplicate ? 'duplicate' : 'processed' })
          return await reply.code(200).send({ received: true, duplicate: isDuplicate })
        } catch (error) {
          // A bad signature or body is the sender's (4xx); anything else is ours, and retried.
          const isRefused = error instanceof HttpError && error.statusCode < 500
          signalWebhook({ provider: name, outcome: isRefused ? 'refused' : 'failed' })
          throw error
        }
      },
    )
  }
}
