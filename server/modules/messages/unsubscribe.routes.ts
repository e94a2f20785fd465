import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { textAnswer } from '../../lib/text-answer'
import { unsubscribePage } from './unsubscribe-page'
import { stopReminders, unsubscribeLinkOwner } from './unsubscribe.service'

// Tokens are base64url; anything else is no link of ours (and never reaches the database).
const tokenParams = z.object({ token: z.string() })
const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token)

/**
 * The one-click unsubscribe of reminder e-mails (RFC 8058): public, authenticated by the token
 * in the address, no cookie. A mail client POSTs `List-Unsubscribe=One-Click` as a form, so
 * form bodies are taken here (and ignored: the address says it all), unlike everywhere else.
 */
export async function unsubscribeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
    app.addContentTypeParser(type, (_request, payload, done) => {
      payload.resume()
      payload.on('end', () => done(null, undefined))
      payload.on('error', (error) => done(error, undefined))
    })
  }
  const options = {
    config: { public: true, audit: false as const },
    schema: {
      params: tokenParams,
      response: {
        200: textAnswer('text/html', 'A page asking to confirm, or saying reminders stopped.'),
        404: textAnswer('text/html', 'A page saying the link is not known (or no longer works).'),
      },
    },
  }
  const url = '/api/unsubscribe/:token'

  app.get(url, options, async (request, reply) => {
    const { token } = request.params
    const owner = isTokenShaped(token) ? await unsubscribeLinkOwner(app.db, token) : null
    const state = !owner ? 'unknown' : owner.isStopped ? 'stopped' : 'ask'
    return reply
      .code(owner ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(app.config.brandName, state))
  })

  app.post(url, options, async (request, reply) => {
    const { token } = request.params
    const isStopped = isTokenShaped(token) && (await stopReminders(app.db, token, app.now()))
    return reply
      .code(isStopped ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(app.config.brandName, isStopped ? 'stopped' : 'unknown'))
  })
}
