import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  mailStatus,
  messageKindParams,
  messagePreferences,
  messageTemplate,
  outboxMessage,
  previewTemplateInput,
  templatePreview,
  templateText,
  templateVariableSamples,
  testSendInput,
} from '../../../common/messages'
import { outboxMessageForSupport, viewFor } from '../../lib/support-views'
import { commandContext } from '../audit/command-context'
import { telegramFor } from '../telegram/telegram'
import { watchChatPresence } from './chat-presence'
import { composeEmail } from './compose-email'
import {
  messageActions,
  resendCommand,
  resetTemplateCommand,
  samplesFor,
  saveTemplateCommand,
  sendTestMessage,
} from './messages.commands'
import { listPersonMessages } from './outbox.service'
import { assertValidTemplate, listTemplates } from './templates.service'
import { sampleTelegramOffer } from './telegram-offer'
import { testRecipients } from './test-send'
import { remindersStoppedAt } from './unsubscribe.service'

/** Templates, previews and test sends, and each person's messages (admins only, by default). */
export async function messagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const stopWatching = watchChatPresence(app)
  const sampleOffer = () => sampleTelegramOffer({ telegram: telegramFor(app), log: app.log })
  app.addHook('onClose', async () => stopWatching())

  app.get('/api/messages/status', { schema: { response: { 200: mailStatus } } }, async () => ({
    isEmailEnabled: app.outbox.mailer !== null,
    from: app.outbox.mailer?.from ?? null,
    testRecipients: testRecipients(app.config, app.outbox.mailer),
  }))

  app.get(
    '/api/messages/templates',
    { schema: { response: { 200: z.array(messageTemplate) } } },
    async () => listTemplates(app.db),
  )

  app.put(
    '/api/messages/templates/:kind',
    {
      config: { audit: messageActions.saveTemplate },
      schema: {
        params: messageKindParams,
        body: templateText,
        response: { 200: messageTemplate, 400: apiErrorBody },
      },
    },
    async (request) =>
      saveTemplateCommand(commandContext(request), {
        kind: request.params.kind,
        text: request.body,
      }),
  )

  app.delete(
    '/api/messages/templates/:kind',
    {
      config: { audit: messageActions.resetTemplate },
      schema: { params: messageKindParams, response: { 200: messageTemplate, 400: apiErrorBody } },
    },
    async (request) => resetTemplateCommand(commandContext(request), request.params.kind),
  )

  // Renders unsaved words with sample values: a read, though it needs a body.
  app.post(
    '/api/messages/preview',
    {
      config: { audit: false },
      schema: { body: previewTemplateInput, response: { 200: templatePreview, 400: apiErrorBody } },
    },
    async (request) => {
      const { kind, subject, body } = request.body
      assertValidTemplate(kind, { subject, body })
      const {
        subject: filled,
        html,
        text,
      } = await composeEmail(kind, { subject, body }, samplesFor(app.config.brandName), {
        device: templateVariableSamples.deviceName,
        images: 'data',
        telegramLink: await sampleOffer(),
      })
      return { subject: filled, html, text }
    },
  )

  // Sent at once, not through the outbox: the admin is testing the mail server and waits.
  app.post(
    '/api/messages/test',
    {
      config: { audit: messageActions.testSend },
      schema: {
        body: testSendInput,
        // 409: e-mail is off; 429: too many tests; 502: the mail server refused it.
        response: {
          200: z.object({ sent: z.literal(true) }),
          400: apiErrorBody,
          409: apiErrorBody,
          429: apiErrorBody,
          502: apiErrorBody,
        },
      },
    },
    async (request) => {
      const { config, rateLimiter, outbox } = app
      const ctx = { ...commandContext(request), config, rateLimiter, mailer: outbox.mailer }
      await sendTestMessage({ ...ctx, telegramLink: sampleOffer }, request.body)
      return { sent: true as const }
    },
  )

  // A person's messages: support agents see what was sent to whom they help, and send it again.
  app.get(
    '/api/messages/people/:id',
    {
      config: { role: 'support' },
      schema: { params: idParams, response: { 200: z.array(outboxMessage), 404: apiErrorBody } },
    },
    async (request) =>
      viewFor(request.admin!.role, await listPersonMessages(app.db, request.params.id), (list) =>
        list.map(outboxMessageForSupport),
      ),
  )

  app.get(
    '/api/messages/people/:id/preferences',
    {
      config: { role: 'support' },
      schema: { params: idParams, response: { 200: messagePreferences } },
    },
    async (request) => {
      const stoppedAt = await remindersStoppedAt(app.db, request.params.id)
      return { remindersStoppedAt: stoppedAt?.toISOString() ?? null }
    },
  )

  app.post(
    '/api/messages/:id/resend',
    {
      config: { role: 'support', audit: messageActions.resend },
      schema: {
        params: idParams,
        // 429: this message was resent 3 times in the last hour, by anyone.
        response: { 201: outboxMessage, 404: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody },
      },
    },
    async (request, reply) => {
      const copy = await resendCommand(commandContext(request), request.params.id)
      return reply.code(201).send(viewFor(request.admin!.role, copy, outboxMessageForSupport))
    },
  )
}
