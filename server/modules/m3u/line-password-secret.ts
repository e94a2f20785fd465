import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { settings } from '../../db/schema/settings'
import { claimSetting } from '../settings/settings-commands'

/** The settings row holding the generated secret; no route returns it and backups leave it out. */
export const linePasswordSecretKey = 'line_password_secret'

async function storedSecret(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, linePasswordSecretKey))
  if (row === undefined) return null
  if (typeof row.value !== 'string' || !row.value) {
    throw new Error(`The ${linePasswordSecretKey} setting is not a secret`)
  }
  return row.value
}

/**
 * The secret line passwords are derived with: LINE_PASSWORD_SECRET when set, else one generated
 * on first use and kept in the database, so every process and every restart derives the same
 * password for a retried order. The first writer wins a race; the others read its secret.
 */
export async function linePasswordSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured
  const stored = await storedSecret(db)
  if (stored) return stored
  await claimSetting(db, linePasswordSecretKey, randomBytes(32).toString('base64url'))
  return (await storedSecret(db))!
}
