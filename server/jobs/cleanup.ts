import { lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema/rate-limits'
import { deleteExpiredSessions } from '../modules/auth/sessions.service'

/** Drops expired sessions and rate-limit windows. */
export async function cleanupExpired(db: Db, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now)
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now))
}
