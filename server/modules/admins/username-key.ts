import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'

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
 * ADMIN_USERNAME such as `José`) is folded here. Of old names that now fold alike the oldest
 * keeps its name, and the others are renamed with their id's first characters, as the migration
 * did with names that folded alike in ASCII: every account can still sign in.
 */
export async function rekeyUsernames(db: Db, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, username: users.username, key: users.usernameKey })
      .from(users)
      .orderBy(users.createdAt, users.id)
    const keptBy = new Map<string, string>()
    const changes: { id: string; username: string; key: string }[] = []
    for (const row of rows) {
      const key = usernameKey(row.username)
      const keeper = keptBy.get(key)
      if (keeper === undefined) {
        keptBy.set(key, row.username)
        if (key !== row.key) changes.push({ id: row.id, username: row.username, key })
        continue
      }
      const username = `${row.username.slice(0, 55)}-${row.id.slice(0, 8)}`
      // First, so the key it held is free before the oldest takes it.
      changes.unshift({ id: row.id, username, key: usernameKey(username) })
      log.warn(
        { username: row.username, renamedTo: username, sameAs: keeper },
        'Two admin usernames now mean the same account: the newer one was renamed and signs in under its new name',
      )
    }
    for (const { id, username, key } of changes) {
      await tx.update(users).set({ username, usernameKey: key }).where(eq(users.id, id))
    }
  })
}
