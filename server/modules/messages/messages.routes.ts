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
import { HttpError } from '../../lib/http-error'
import { outboxMessageForSupport, viewFor } from '../../lib/support-views'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { telegramFor } from '../telegram/telegram'
import { watchChatPresence } from './chat-presence'
import { composeEmail } from './compose-email'
import { MailError } from './mailer'
import { listPersonMessages, resendMessage } from './outbox.service'
import {
  assertValidTemplate,
  listTemplates,
  resetTemplate,
  saveTemplate,
} from './templates.service'
import { sampleTelegramOffer } from './telegram-offer'
import { admitTestSend, testRecipients } from './test-send'
import { remindersStoppedAt } from './unsubscribe.service'

const templateAudit = auditAs('message_template')
const messageAudit = auditAs('message')

/** Sample values in this installation's name, for previews and test sends. */
const samplesFor = (brandName: string) => ({ ...templateVariableSamples, brandName })

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
      config: templateAudit('update'),
      schema: {
        params: messageKindParams,
        body: templateText,
        response: { 200: messageTemplate, 400: apiErrorBody },
      },
    },
    async (request) =>
      inAuditedTransaction(
        request,
        (tx) =>
          saveTemplate(tx, request.params.kind, request.body, request.admin!.username, app.now()),
        { entityId: request.params.kind },
      ),
  )

  app.delete(
    '/api/messages/templates/:kind',
    {
      config: templateAudit('reset'),
      schema: { params: messageKindParams, response: { 200: messageTemplate, 400: apiErrorBody } },
    },
    async (request) =>
      inAuditedTransaction(request, (tx) => resetTemplate(tx, request.params.kind), {
        entityId: request.params.kind,
      }),
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
      config: messageAudit('test_send'),
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
      const { kind, subject, body, to } = request.body
      assertValidTemplate(kind, { subject, body })
      const { mailer } = app.outbox
      if (!mailer) throw new HttpError(409, 'E-mail is off: set SMTP_URL and MAIL_FROM to send.')
      const { config, rateLimiter } = app
      await admitTestSend({ config, mailer, rateLimiter }, request.admin!.id, to, app.now())
      const mail = await composeEmail(kind, { subject, body }, samplesFor(app.config.brandName), {
        device: templateVariableSamples.deviceName,
        images: 'cid',
        telegramLink: await sampleOffer(),
      })
      try {
        await mailer.send({ ...mail, id: crypto.randomUUID(), to })
      } catch (error) {
        if (error instanceof MailError) throw new HttpError(502, `Not sent: ${error.message}`)
        throw error
      }
      // Recorded once sent: who tested, never the address or the words.
      await inAuditedTransaction(request, async () => null, {
        entityId: kind,
        details: { outcome: 'completed' },
      })
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
      config: { role: 'support', ...messageAudit('resend') },
      schema: {
        params: idParams,
        // 429: this message was resent 3 times in the last hour, by anyone.
        response: { 201: outboxMessage, 404: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody },
      },
    },
    async (request, reply) => {
      const copy = await inAuditedTransaction(request, (tx) =>
        resendMessage(tx, request.params.id, app.now()),
      )
      return reply.code(201).send(viewFor(request.admin!.role, copy, outboxMessageForSupport))
    },
  )
}
