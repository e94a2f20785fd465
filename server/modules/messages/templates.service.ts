import { eq } from 'drizzle-orm'
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

function present(kind: MessageKind, saved: TemplateText | undefined): MessageTemplate {
  const fallback = defaultTemplates[kind]
  return {
    kind,
    subject: saved?.subject ?? fallback.subject,
    body: saved?.body ?? fallback.body,
    isDefault: !saved,
    defaultSubject: fallback.subject,
    defaultBody: fallback.body,
  }
}

export async function listTemplates(db: Db): Promise<MessageTemplate[]> {
  const rows = await db.select().from(messageTemplates)
  const saved = new Map(rows.map((row) => [row.kind, row]))
  return messageKindNames.map((kind) => present(kind, saved.get(kind)))
}

/** The words a kind is sent with now: the admin's, else the default. */
export async function templateFor(db: Db, kind: MessageKind): Promise<TemplateText> {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.kind, kind))
  return row ?? defaultTemplates[kind]
}

/**
 * 400 naming, field by field, every problem of the words (see message-template.ts): a variable
 * the kind does not offer, one that may be unknown outside its `{if}`, a section left open.
 */
export function assertValidTemplate(kind: MessageKind, text: TemplateText): void {
  const issues = (['subject', 'body'] as const).flatMap((field) =>
    templateProblems(kind, field, text[field]).map((message) => ({ path: field, message })),
  )
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
