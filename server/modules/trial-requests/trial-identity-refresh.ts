import { asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { settings } from '../../db/schema/settings'
import { trialRequests } from '../../db/schema/trial-requests'
import { personKeys, trialIdentityRulesVersion } from './trial-identity'

/** The settings row naming the rules version the stored keys were last derived with. */
export const trialIdentityRulesKey = 'trial_identity_rules_version'

const batchSize = 1000

async function storedRulesVersion(db: Db): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, trialIdentityRulesKey))
  return row?.value
}

/**
 * Derives the comparison keys of stored requests again when the rules changed since they were
 * derived (run at start-up, before requests are served): otherwise an earlier request's number,
 * stored under the old rules, would not meet the same number under the new ones. Rows are read
 * in pages and only those whose keys differ are written; a start cut short does it all again,
 * and two processes starting together only repeat each other's writes. Answers the rows changed.
 */
export async function refreshTrialIdentityKeys(db: Db): Promise<number> {
  if ((await storedRulesVersion(db)) === trialIdentityRulesVersion) return 0
  let changed = 0
  let lastId: string | undefined
  for (;;) {
    const rows = await db
      .select({
        id: trialRequests.id,
        email: trialRequests.email,
        telegram: trialRequests.telegram,
        whatsapp: trialRequests.whatsapp,
        emailKey: trialRequests.emailKey,
        telegramKey: trialRequests.telegramKey,
        whatsappKey: trialRequests.whatsappKey,
      })
      .from(trialRequests)
      .where(lastId === undefined ? undefined : gt(trialRequests.id, lastId))
      .orderBy(asc(trialRequests.id))
      .limit(batchSize)
    for (const row of rows) {
      const keys = personKeys(row)
      const isCurrent =
        row.emailKey === keys.email &&
        row.telegramKey === keys.telegram &&
        row.whatsappKey === keys.whatsapp
      if (isCurrent) continue
      await db
        .update(trialRequests)
        .set({ emailKey: keys.email, telegramKey: keys.telegram, whatsappKey: keys.whatsapp })
        .where(eq(trialRequests.id, row.id))
      changed++
    }
    if (rows.length < batchSize) break
    lastId = rows.at(-1)!.id
  }
  await db
    .insert(settings)
    .values({ key: trialIdentityRulesKey, value: trialIdentityRulesVersion })
    .onConflictDoUpdate({ target: settings.key, set: { value: trialIdentityRulesVersion } })
  return changed
}
