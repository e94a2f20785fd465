import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../../common/api'
import { telegramBinding } from '../../../common/telegram'
import { HttpError, notFound } from '../../lib/http-error'
import { telegramUpdate } from './bot-api'
import { bindingOf } from './bindings.service'
import { telegramFor, type Telegram } from './telegram'
import { handleAndReply, readTelegramUpdates } from './updates-reader'

const secretHeader = 'x-telegram-bot-api-secret-token'

/** Webhook calls prove they come from Telegram with the secret we gave it in setWebhook. */
function checkSecret(telegram: Telegram) {
  const expected = Buffer.from(telegram.webhookSecret)
  return async (request: FastifyRequest) => {
    const sent = request.headers[secretHeader]
    if (typeof sent !== 'string' || sent === '') throw new HttpError(401, 'Secret token required')
    const given = Buffer.from(sent)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(403, 'Wrong secret token')
    }
  }
}

export async function telegramRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const telegram = telegramFor(app)
  readTelegramUpdates(app)

  app.get(
    '/api/trial-requests/:id/telegram',
    {
      config: { role: 'support' },
      schema: { params: idParams, response: { 200: telegramBinding } },
    },
    async (request) => {
      const binding = await bindingOf(app.db, request.params.id, telegram !== null)
      if (!binding) throw notFound('Trial request not found')
      return binding
    },
  )

  if (telegram?.updates !== 'webhook') return
  app.post(
    '/api/telegram/webhook',
    {
      // Public in the guard's sense (Telegram has no session); the secret header authenticates.
      config: { public: true },
      onRequest: checkSecret(telegram),
      // Updates of kinds we do not read still carry their id, and are answered 200.
      schema: { body: z.object({ update_id: z.number().int() }).passthrough() },
    },
    async (request, reply) => {
      const update = telegramUpdate.safeParse(request.body).data ?? {
        update_id: request.body.update_id,
      }
      await handleAndReply(app, update)
      return reply.code(200).send({})
    },
  )
}
