import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'
import { isUniqueViolation } from '../../lib/database-errors'

/**
 * The one spelling of a username that accounts are stored, found and rate-limited by. Computed
 * here rather than by SQL `lower()`, whose folding depends on the database's version and locale
 * (it folds `İ` to `i`, JavaScript's `toLowerCase()` does not): one fold in one place, so no
 * spelling can reach an account under a lock key of its own.
 *
 * NFKC makes full-width and other compatibility letters plain (`ｍｉｎｉ` → `mini`); upper- then
 * lower-casing is Unicode's full case fold (`ß` → `ss`, `ı` → `i`); marks and invisible format
 * characters go (`mİni`, `mi\u0301ni`, `mi\u200bni` → `mini`).
 */
export function usernameKey(username: string): string {
  return username
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .normalize('NFC')
}

/**
 * Brings stored keys in line with `usernameKey` at start-up. The migration that added them could
 * only fold ASCII letters in SQL; a name from before usernames were limited to ASCII (an
 * ADMIN_USERNAME such as `José`) is folded here. Two old names that now fold alike keep the
 * second's old key, which no sign-in reaches, and the operator is told to rename one.
 */
export async function rekeyUsernames(db: Db, log: FastifyBaseLogger): Promise<void> {
  const rows = await db
    .select({ id: users.id, username: users.username, key: users.usernameKey })
    .from(users)
  for (const row of rows) {
    const key = usernameKey(row.username)
    if (key === row.key) continue
    try {
      await db.update(users).set({ usernameKey: key }).where(eq(users.id, row.id))
    } catch (error) {
      if (!isUniqueViolation(error, 'users_username_key_idx')) throw error
      log.warn(
        { username: row.username },
        'Two admin usernames now mean the same account; rename or delete one so this one can sign in',
      )
    }
  }
}
