import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  defaultPlatformSettings,
  defaultReminderSettings,
  defaultRenewalSettings,
  defaultSecuritySettings,
  defaultSupplierSettings,
  defaultTrialTrustSettings,
  platformSettings,
  reminderSettings,
  renewalSettings,
  securitySettings,
  supplierSettings,
  trialTrustSettings,
} from '../../../common/settings'
import type { Db } from '../../db/client'
import { settings } from '../../db/schema/settings'

/** One group of settings stored under `key`, validated by `schema`, with defaults. */
function settingsGroup<T>(key: string, schema: z.ZodType<T>, defaults: T) {
  return {
    key,
    schema,
    /** The stored value, or the defaults where nothing valid is stored. */
    parse(value: unknown): T {
      const parsed = schema.safeParse(value)
      return parsed.success ? parsed.data : defaults
    },
    async get(db: Db): Promise<T> {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, key))
      return this.parse(row?.value)
    },
    async save(db: Db, value: T, now: Date): Promise<T> {
      await db
        .insert(settings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
      return value
    },
  }
}

export type SettingsGroup<T> = ReturnType<typeof settingsGroup<T>>

export const platformGroup = settingsGroup('platform', platformSettings, defaultPlatformSettings)
export const securityGroup = settingsGroup('security', securitySettings, defaultSecuritySettings)
export const trialTrustGroup = settingsGroup(
  'trial_trust',
  trialTrustSettings,
  defaultTrialTrustSettings,
)
export const supplierGroup = settingsGroup('supplier', supplierSettings, defaultSupplierSettings)

export const reminderGroup = settingsGroup('reminders', reminderSettings, defaultReminderSettings)

export const renewalGroup = settingsGroup('renewals', renewalSettings, defaultRenewalSettings)

export const getPlatformSettings = (db: Db) => platformGroup.get(db)
export const getSecuritySettings = (db: Db) => securityGroup.get(db)
export const getTrialTrustSettings = (db: Db) => trialTrustGroup.get(db)
export const getSupplierSettings = (db: Db) => supplierGroup.get(db)
export const getReminderSettings = (db: Db) => reminderGroup.get(db)
export const getRenewalSettings = (db: Db) => renewalGroup.get(db)
