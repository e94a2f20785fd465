import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { messagePreferences } from '../../db/schema/message-preferences'

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
