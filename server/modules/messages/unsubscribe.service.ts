import { randomBytes } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { reminderKinds } from '../../../common/messages'
import type { Db } from '../../db/client'
import { messagePreferences } from '../../db/schema/message-preferences'
import { outboxMessages } from '../../db/schema/outbox-messages'

/** Gives the person an unsubscribe token if they have none (their first reminder). */
export async function ensureUnsubscribeToken(tx: Db, personId: string, now: Date): Promise<void> {
  await tx
    .insert(messagePreferences)
    .values({
      trialRequestId: personId,
      unsubscribeToken: randomBytes(24).toString('base64url'),
      createdAt: now,
    })
    .onConflictDoNothing({ target: messagePreferences.trialRequestId })
}

/** The person's unsubscribe token, once a reminder made one. */
export async function unsubscribeTokenOf(db: Db, personId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: messagePreferences.unsubscribeToken })
    .from(messagePreferences)
    .where(eq(messagePreferences.trialRequestId, personId))
  return row?.token ?? null
}

/** The person whose link this is, and whether they stopped reminders already; null if unknown. */
export async function unsubscribeLinkOwner(
  db: Db,
  token: string,
): Promise<{ personId: string; isStopped: boolean } | null> {
  const [row] = await db
    .select({
      personId: messagePreferences.trialRequestId,
      stoppedAt: messagePreferences.remindersStoppedAt,
    })
    .from(messagePreferences)
    .where(eq(messagePreferences.unsubscribeToken, token))
  return row ? { personId: row.personId, isStopped: row.stoppedAt !== null } : null
}

/**
 * Stops reminders for the link's person only: the reminder pass passes them by, and reminders
 * already queued are skipped. Logins, confirmations and support replies still go. Answers
 * false for an unknown link; pressing it again changes nothing.
 */
export async function stopReminders(db: Db, token: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(messagePreferences)
      .set({ remindersStoppedAt: sql`coalesce(${messagePreferences.remindersStoppedAt}, ${now})` })
      .where(eq(messagePreferences.unsubscribeToken, token))
      .returning({ personId: messagePreferences.trialRequestId })
    if (!row) return false
    await tx
      .update(outboxMessages)
      .set({ status: 'skipped', lastError: 'Unsubscribed from reminders', updatedAt: now })
      .where(
        and(
          eq(outboxMessages.trialRequestId, row.personId),
          inArray(outboxMessages.kind, [...reminderKinds]),
          eq(outboxMessages.status, 'queued'),
        ),
      )
    return true
  })
}

/** When the person stopped reminders, for their messages list; null while they get them. */
export async function remindersStoppedAt(db: Db, personId: string): Promise<Date | null> {
  const [row] = await db
    .select({ stoppedAt: messagePreferences.remindersStoppedAt })
    .from(messagePreferences)
    .where(eq(messagePreferences.trialRequestId, personId))
  return row?.stoppedAt ?? null
}

/** The address of a person's one-click unsubscribe (RFC 8058): POST stops, GET asks first. */
export const unsubscribeUrl = (origin: string, token: string) =>
  `${origin}/api/unsubscribe/${encodeURIComponent(token)}`

// A receipt is transactional: it carries no unsubscribe link, as it is not what unsubscribing stops.
const withoutUnsubscribe: readonly string[] = ['payment_receipt']

/**
 * The person's one-click unsubscribe address for an e-mail of `row`'s kind: every e-mail to a
 * person but a receipt carries it (their token made at the first one), so the reader can always
 * stop reminders. Null for a receipt, or a message to no person (a ticket without an account).
 */
export async function unsubscribeLinkFor(
  db: Db,
  row: { kind: string; trialRequestId: string | null },
  origin: string,
  now: Date,
): Promise<string | null> {
  if (!row.trialRequestId || withoutUnsubscribe.includes(row.kind)) return null
  await ensureUnsubscribeToken(db, row.trialRequestId, now)
  const token = await unsubscribeTokenOf(db, row.trialRequestId)
  return token ? unsubscribeUrl(origin, token) : null
}

/** The List-Unsubscribe headers (RFC 2369, RFC 8058) for a link: one-click, and a mailto:. */
export function unsubscribeHeaders(
  url: string | null,
  senderAddress: string,
): Record<string, string> {
  if (!url) return {}
  return {
    'List-Unsubscribe': `<${url}>, <mailto:${senderAddress}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}
