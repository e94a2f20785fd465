import type { z } from 'zod'
import {
  templateVariableSamples,
  type MessageKind,
  type TemplateText,
  type testSendInput,
} from '../../../common/messages'
import type { Config } from '../../config'
import { HttpError } from '../../lib/http-error'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  type CommandContext,
} from '../audit/command'
import type { RateLimiter } from '../rate-limits/rate-limiter'
import { composeEmail } from './compose-email'
import { MailError, type Mailer } from './mailer'
import { resendMessage } from './outbox.service'
import { assertValidTemplate, resetTemplate, saveTemplate } from './templates.service'
import { admitTestSend } from './test-send'

export const messageActions = {
  saveTemplate: auditAction('message_template', 'update'),
  resetTemplate: auditAction('message_template', 'reset'),
  testSend: auditAction('message', 'test_send'),
  resend: auditAction('message', 'resend'),
}

/** Sample values in this installation's name, for previews and test sends. */
export const samplesFor = (brandName: string) => ({ ...templateVariableSamples, brandName })

/** A template's own words, replacing the default. */
export async function saveTemplateCommand(
  ctx: CommandContext,
  { kind, text }: { kind: MessageKind; text: TemplateText },
) {
  const { username } = actingAdmin(ctx)
  const entry = { entityId: kind, details: fieldsOf(text) }
  return auditedChange(ctx, messageActions.saveTemplate, entry, (tx) =>
    saveTemplate(tx, kind, text, username, ctx.now()),
  )
}

/** A template back to the default words. */
export async function resetTemplateCommand(ctx: CommandContext, kind: MessageKind) {
  const entry = { entityId: kind, details: null }
  return auditedChange(ctx, messageActions.resetTemplate, entry, (tx) => resetTemplate(tx, kind))
}

/** A copy of a message queued again (a few an hour per message, whoever asks). */
export async function resendCommand(ctx: CommandContext, messageId: string) {
  const entry = { entityId: messageId, details: null }
  return auditedChange(ctx, messageActions.resend, entry, (tx) =>
    resendMessage(tx, messageId, ctx.now()),
  )
}

export type TestSendContext = CommandContext & {
  config: Config
  mailer: Mailer | null
  rateLimiter: RateLimiter
  /** The Telegram link a sample message offers, when the bot is set up. */
  telegramLink(): Promise<string | null>
}

/**
 * Unsaved words sent at once to one of the installation's addresses, not through the outbox:
 * the admin is testing the mail server and waits. Recorded once sent: who tested, never the
 * address or the words.
 */
export async function sendTestMessage(
  ctx: TestSendContext,
  { kind, subject, body, to }: z.output<typeof testSendInput>,
): Promise<void> {
  assertValidTemplate(kind, { subject, body })
  const { mailer, config, rateLimiter } = ctx
  if (!mailer) throw new HttpError(409, 'E-mail is off: set SMTP_URL and MAIL_FROM to send.')
  await admitTestSend({ config, mailer, rateLimiter }, actingAdmin(ctx).id, to, ctx.now())
  const mail = await composeEmail(kind, { subject, body }, samplesFor(config.brandName), {
    device: templateVariableSamples.deviceName,
    images: 'cid',
    telegramLink: await ctx.telegramLink(),
  })
  try {
    await mailer.send({ ...mail, id: crypto.randomUUID(), to })
  } catch (error) {
    if (error instanceof MailError) throw new HttpError(502, `Not sent: ${error.message}`)
    throw error
  }
  const entry = { entityId: kind, details: { outcome: 'completed' as const } }
  await auditedChange(ctx, messageActions.testSend, entry, async () => null)
}
