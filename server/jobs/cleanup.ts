import type { Db } from '../db/client'
import { deleteEndedWindows } from '../modules/rate-limits/rate-limiter'
import { deleteExpiredSessions } from '../modules/auth/sessions.service'
import { deleteExpiredCustomerSessions } from '../modules/customer-account/customer-sessions.service'
import { deleteSpentSignInTokens } from '../modules/sign-in-links/sign-in-links.service'
import { forgetOldUpdates } from '../modules/telegram/handle-update'

/**
 * Drops expired sessions (admins' and customers'), spent sign-in links, rate-limit windows and
 * the ids of old Telegram updates.
 */
export async function cleanupExpired(db: Db, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now)
  await deleteExpiredCustomerSessions(db, now)
  await deleteSpentSignInTokens(db, now)
  await deleteEndedWindows(db, now)
  await forgetOldUpdates(db, now)
}
