import { asc, eq, gt, sql } from 'drizzle-orm'
import { advisoryLockIds } from '../../db/advisory-locks'
import type { Db } from '../../db/client'
import { settings } from '../../db/schema/settings'
import { trialRequests } from '../../db/schema/trial-requests'
import { storeSetting } from '../settings/settings-commands'
import { personKeys, trialIdentityRulesVersion, type PersonKeys } from './trial-identity'

/** The settings row naming the rules version the stored keys were last derived with. */
const trialIdentityRulesKey = 'trial_identity_rules_version'

const batchSize = 1000

/**
 * Where the stored keys stand: done under the current rules, or the id of the last request whose
 * keys were derived under them (null: none yet). The settings row holds the version reached, or
 * `{ version, after }` while a refresh is under way.
 */
async function refreshProgress(
  db: Db,
): Promise<{ isDone: true } | { isDone: false; after: string | null }> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, trialIdentityRulesKey))
  if (row?.value === trialIdentityRulesVersion) return { isDone: true }
  const { version, after } = (row?.value ?? {}) as { version?: unknown; after?: unknown }
  return {
    isDone: false,
    after: version === trialIdentityRulesVersion && typeof after === 'string' ? after : null,
  }
}

async function storeProgress(tx: Db, value: number | { version: number; after: string }) {
  await storeSetting(tx, trialIdentityRulesKey, value)
}

/** Writes a page's new keys in one statement. */
async function storeKeys(tx: Db, rows: ({ id: string } & PersonKeys)[]): Promise<void> {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::uuid, ${row.email}::varchar, ${row.telegram}::varchar, ${row.whatsapp}::varchar)`,
    ),
    sql`, `,
  )
  await tx.execute(sql`
    update ${trialRequests}
    set email_key = v.email_key, telegram_key = v.telegram_key, whatsapp_key = v.whatsapp_key
    from (values ${values}) as v(id, email_key, telegram_key, whatsapp_key)
    where ${trialRequests.id} = v.id`)
}

/**
 * Derives the keys of the next page of requests under the current rules, and stores how far it
 * got in the same transaction. Answers the rows changed, or null once every request is done.
 */
async function refreshNextPage(db: Db): Promise<{ changed: number; isLast: boolean } | null> {
  return db.transaction(async (tx) => {
    // Processes take turns page by page, so none derives a page another one has done.
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockIds.trialIdentityRefresh})`)
    const progress = await refreshProgress(tx)
    if (progress.isDone) return null
    const rows = await tx
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
      .where(progress.after === null ? undefined : gt(trialRequests.id, progress.after))
      .orderBy(asc(trialRequests.id))
      .limit(batchSize)
    const stale = rows
      .map((row) => ({ row, keys: personKeys(row) }))
      .filter(
        ({ row, keys }) =>
          row.emailKey !== keys.email ||
          row.telegramKey !== keys.telegram ||
          row.whatsappKey !== keys.whatsapp,
      )
      .map(({ row, keys }) => ({ id: row.id, ...keys }))
    if (stale.length) await storeKeys(tx, stale)
    const isLast = rows.length < batchSize
    await storeProgress(
      tx,
      isLast
        ? trialIdentityRulesVersion
        : { version: trialIdentityRulesVersion, after: rows.at(-1)!.id },
    )
    return { changed: stale.length, isLast }
  })
}

/**
 * Derives the comparison keys of stored requests again when the rules changed since they were
 * derived: otherwise an earlier request's number, stored under the old rules, would not meet the
 * same number under the new ones. A page at a time, each in a short transaction with how far it
 * got, so rows are locked briefly, a refresh cut short resumes where it stopped, and processes
 * running it together share the pages. Answers the rows this call changed.
 */
export async function refreshTrialIdentityKeys(db: Db): Promise<number> {
  if ((await refreshProgress(db)).isDone) return 0
  let changed = 0
  for (;;) {
    const page = await refreshNextPage(db)
    changed += page?.changed ?? 0
    if (!page || page.isLast) return changed
  }
}
