import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { settings } from '../../db/schema/settings'
import { leaseUntil } from '../../lib/lease'
import { changeSetting, claimSetting } from '../settings/settings-commands'
import type { LastBackup } from '../../../common/maintenance'

/**
 * The settings row where the backup files are tracked: the last one written (time, size, file)
 * and the claim of the process writing one now, so that one process writes at a time.
 */
export const backupStateKey = 'backup_files'

const row = sql`${settings.key} = ${backupStateKey}`

export async function readLastBackup(db: Db): Promise<LastBackup | null> {
  const [found] = await queryRows<{ last: LastBackup | null }>(
    db,
    sql`select ${settings.value} -> 'last' as last from ${settings} where ${row}`,
  )
  return found?.last ?? null
}

/**
 * Claims the writing of a backup for a short lease (renewed while it runs), unless another
 * process holds it; with `onlyIfNoneSince`, only when no backup was written since that time.
 * Answers the claim's token, or null.
 */
export async function claimBackup(
  db: Db,
  now: Date,
  onlyIfNoneSince: Date | null,
): Promise<string | null> {
  const token = randomUUID()
  const claim = JSON.stringify({ token, until: leaseUntil(now).toISOString() })
  await claimSetting(db, backupStateKey, {})
  const isDue = onlyIfNoneSince
    ? sql`(${settings.value} -> 'last' is null
          or (${settings.value} -> 'last' ->> 'at')::timestamptz < ${onlyIfNoneSince.toISOString()}::timestamptz)`
    : sql`true`
  const claimed = await changeSetting(
    db,
    backupStateKey,
    sql`${settings.value} || jsonb_build_object('claim', ${claim}::jsonb)`,
    sql`(${settings.value} -> 'claim' is null
      or (${settings.value} -> 'claim' ->> 'until')::timestamptz < ${now.toISOString()}::timestamptz)
      and ${isDue}`,
  )
  return claimed ? token : null
}

const holds = (token: string) => sql`${settings.value} -> 'claim' ->> 'token' = ${token}`

export async function renewBackupClaim(db: Db, token: string, now: Date): Promise<void> {
  const until = JSON.stringify(leaseUntil(now).toISOString())
  await changeSetting(
    db,
    backupStateKey,
    sql`jsonb_set(${settings.value}, '{claim,until}', ${until}::jsonb)`,
    holds(token),
  )
}

/**
 * Records the file written as the last backup, unless one that took over a lapsed claim recorded
 * a newer one, and gives the claim up.
 */
export async function recordBackup(db: Db, token: string, written: LastBackup): Promise<void> {
  const last = JSON.stringify(written)
  const isNewest = sql`(${settings.value} -> 'last' is null
    or (${settings.value} -> 'last' ->> 'at')::timestamptz <= ${written.at}::timestamptz)`
  await changeSetting(
    db,
    backupStateKey,
    sql`(case when ${holds(token)} then ${settings.value} - 'claim' else ${settings.value} end)
      || (case when ${isNewest} then jsonb_build_object('last', ${last}::jsonb) else '{}'::jsonb end)`,
  )
}

/** Gives the claim up after a failure, so the next round tries again at once. */
export async function releaseBackupClaim(db: Db, token: string): Promise<void> {
  await changeSetting(db, backupStateKey, sql`${settings.value} - 'claim'`, holds(token))
}
