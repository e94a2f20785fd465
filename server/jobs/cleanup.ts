import { lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema/rate-limits'
import { deleteExpiredSessions } from '../modules/auth/sessions.service'
import { forgetOldUpdates } from '../modules/telegram/handle-update'

/** Drops expired sessions, rate-limit windows and the ids of old Telegram updates. */
export async function cleanupExpired(db: Db, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now)
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now))
  await forgetOldUpdates(db, now)
}
