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

/**
 * A reminder e-mail's List-Unsubscribe headers: the one-click URL and a mailto: to the sender.
 * Other kinds carry none (they are not what unsubscribing stops).
 */
export async function unsubscribeHeaders(
  db: Db,
  row: { kind: string; trialRequestId: string | null },
  origin: string,
  senderAddress: string,
): Promise<Record<string, string>> {
  const isReminder = (reminderKinds as readonly string[]).includes(row.kind)
  const token =
    isReminder && row.trialRequestId ? await unsubscribeTokenOf(db, row.trialRequestId) : null
  if (!token) return {}
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(origin, token)}>, <mailto:${senderAddress}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}
