import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { settings } from '../../db/schema/settings'

// The settings table keeps one row per key for many modules: each names its key, and the rows
// are written here only (decision 0046). What a row holds stays the caller's to say.

/** Stores `value` under `key` unless the key is taken; answers whether this call stored it. */
export async function claimSetting(db: Db, key: string, value: unknown): Promise<boolean> {
  const claimed = await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoNothing({ target: settings.key })
    .returning({ key: settings.key })
  return claimed.length > 0
}

/** Stores `value` under `key`, replacing what was there. */
export async function storeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } })
}

/**
 * Sets `key`'s value to `value` (an expression that may read the row's value) where `condition`
 * holds of the row, in one statement; answers whether the row changed. The claims of a lease
 * held in a row (backup files) are made this way.
 */
export async function changeSetting(
  db: Db,
  key: string,
  value: SQL,
  condition: SQL = sql`true`,
): Promise<boolean> {
  const changed = await queryRows<{ key: string }>(
    db,
    sql`update ${settings} set value = ${value}
        where ${settings.key} = ${key} and ${condition}
        returning ${settings.key} as key`,
  )
  return changed.length > 0
}
