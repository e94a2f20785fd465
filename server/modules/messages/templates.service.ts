import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { templateProblems } from '../../../common/message-template'
import {
  messageKindNames,
  type MessageKind,
  type MessageTemplate,
  type TemplateText,
} from '../../../common/messages'
import type { Db } from '../../db/client'
import { messageTemplates } from '../../db/schema/message-templates'
import { HttpError } from '../../lib/http-error'
import { defaultTemplates } from './default-templates'

/** Every problem of the words, each a sentence naming its field (see message-template.ts). */
function problemsOf(kind: MessageKind, text: TemplateText) {
  return (['subject', 'body'] as const).flatMap((field) =>
    templateProblems(kind, field, text[field]).map((message) => ({ path: field, message })),
  )
}

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1)

function present(kind: MessageKind, saved: TemplateText | undefined): MessageTemplate {
  const fallback = defaultTemplates[kind]
  return {
    kind,
    subject: saved?.subject ?? fallback.subject,
    body: saved?.body ?? fallback.body,
    isDefault: !saved,
    defaultSubject: fallback.subject,
    defaultBody: fallback.body,
    problems: saved
      ? problemsOf(kind, saved).map(({ path, message }) => `${capitalized(path)}: ${message}`)
      : [],
  }
}

export async function listTemplates(db: Db): Promise<MessageTemplate[]> {
  const rows = await db.select().from(messageTemplates)
  const saved = new Map(rows.map((row) => [row.kind, row]))
  return messageKindNames.map((kind) => present(kind, saved.get(kind)))
}

/**
 * The words a kind is sent with now: the admin's, else the default. Words saved before today's
 * rules (a customer's subject in the Subject, a value that may be unknown outside its `{if}`) are
 * not sent: the default goes instead, with a warning naming the kind, until an admin fixes them.
 */
export async function templateFor(
  db: Db,
  kind: MessageKind,
  log: FastifyBaseLogger,
): Promise<TemplateText> {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.kind, kind))
  if (!row) return defaultTemplates[kind]
  const problems = problemsOf(kind, row)
  if (!problems.length) return row
  log.warn(
    { kind, problems: problems.map((problem) => problem.message) },
    'Saved template breaks the template rules; sending the default instead',
  )
  return defaultTemplates[kind]
}

/**
 * 400 naming, field by field, every problem of the words (see message-template.ts): a variable
 * the kind does not offer, one that may be unknown outside its `{if}`, a section left open.
 */
export function assertValidTemplate(kind: MessageKind, text: TemplateText): void {
  const issues = problemsOf(kind, text)
  if (issues.length)
    throw new HttpError(400, issues.map((issue) => issue.message).join('; '), {}, issues)
}

export async function saveTemplate(
  tx: Db,
  kind: MessageKind,
  text: TemplateText,
  updatedBy: string,
  now: Date,
): Promise<MessageTemplate> {
  assertValidTemplate(kind, text)
  const values = { ...text, updatedBy, updatedAt: now }
  await tx
    .insert(messageTemplates)
    .values({ kind, ...values })
    .onConflictDoUpdate({ target: messageTemplates.kind, set: values })
  return present(kind, text)
}

/** Back to the words shipped in code. */
export async function resetTemplate(tx: Db, kind: MessageKind): Promise<MessageTemplate> {
  await tx.delete(messageTemplates).where(eq(messageTemplates.kind, kind))
  return present(kind, undefined)
}
