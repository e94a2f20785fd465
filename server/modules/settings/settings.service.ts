import { eq } from 'drizzle-orm'
import {
  defaultPlatformSettings,
  platformSettings,
  type PlatformSettings,
} from '../../../common/settings'
import type { Db } from '../../db/client'
import { settings } from '../../db/schema/settings'

const platformKey = 'platform'

/** The stored platform settings, or the defaults where nothing valid is stored. */
export async function getPlatformSettings(db: Db): Promise<PlatformSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, platformKey))
  const parsed = platformSettings.safeParse(row?.value)
  return parsed.success ? parsed.data : defaultPlatformSettings
}

export async function savePlatformSettings(
  db: Db,
  value: PlatformSettings,
  now: Date,
): Promise<PlatformSettings> {
  await db
    .insert(settings)
    .values({ key: platformKey, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
  return value
}
