import { eq, sql, type SQL } from 'drizzle-orm'
import type { PersonLine } from '../../../common/person-lines'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import type { PanelHeld } from './line-events'

export type M3uLineRow = typeof m3uLines.$inferSelect

/** What the panel should hold for a line; each is pushed to the panel after the change commits. */
export type LineChanges = Partial<
  Pick<
    M3uLineRow,
    | 'expiresAt'
    | 'isTrial'
    | 'isEnabled'
    | 'password'
    | 'm3uUrl'
    | 'subscriptionType'
    | 'maxConnections'
  >
>

/** A line whose create's outcome the deadline left unknown: the retry job looks it up. */
const isCheckingRow = (row: M3uLineRow) => row.supplierId === null && row.status === 'checking'

export function presentPersonLine(row: M3uLineRow): PersonLine {
  return {
    id: row.id,
    username: row.username ?? '',
    password: row.password ?? '',
    m3uUrl: row.m3uUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status: isCheckingRow(row) ? 'checking' : row.isEnabled ? 'active' : 'disabled',
    isTrial: row.isTrial,
    maxConnections: row.maxConnections,
    supplierLineId: row.supplierId,
    isSynced: row.pushedRevision >= row.revision,
    panelError: row.pushedRevision >= row.revision ? null : row.panelError,
    panel:
      row.panelIsEnabled === null
        ? null
        : {
            expiresAt: row.panelExpiresAt?.toISOString() ?? null,
            isEnabled: row.panelIsEnabled,
            isTrial: row.panelIsTrial,
            maxConnections: row.panelMaxConnections,
            seenAt: row.lastSyncedAt?.toISOString() ?? null,
          },
  }
}

/** The panel's last word on a line, as its row keeps it. */
export function panelHeldOf(row: M3uLineRow): PanelHeld {
  return {
    expiresAt: row.panelExpiresAt,
    isEnabled: row.panelIsEnabled,
    isTrial: row.panelIsTrial,
    password: row.panelPassword,
    maxConnections: row.panelMaxConnections,
  }
}

/** The columns recording that the panel now holds `held` (it said so at `now`). */
export function panelHoldsColumns(held: Partial<PanelHeld>, now: Date) {
  return {
    ...('expiresAt' in held ? { panelExpiresAt: held.expiresAt } : {}),
    ...('isEnabled' in held ? { panelIsEnabled: held.isEnabled } : {}),
    ...('isTrial' in held ? { panelIsTrial: held.isTrial } : {}),
    ...('password' in held ? { panelPassword: held.password } : {}),
    ...('maxConnections' in held ? { panelMaxConnections: held.maxConnections } : {}),
    lastSyncedAt: now,
  }
}

/**
 * `status` as lists show it: creating until the panel made the line (checking while a create's
 * outcome is unknown), then enabled or not. In an UPDATE the columns read the row as it was, so
 * the caller that records the panel's new line says so with `isMade`.
 */
export function statusFor(
  isEnabled: boolean | SQL | typeof m3uLines.isEnabled,
  isMade: boolean | SQL = sql`${m3uLines.supplierId} is not null`,
): SQL {
  return sql`case when not ${isMade} then (case when ${m3uLines.status} = 'checking'
    then 'checking' else 'creating' end) when ${isEnabled} then 'active' else 'disabled' end`
}

/**
 * Records a new desired state for the lines `where` selects, inside the caller's transaction
 * (with the change that causes it): the revision goes up and the push is due at once. A line still
 * to be made keeps its due time: owed by the system or left to an admin, as it was. Returns the
 * ids of the lines changed, for the caller to push once it has committed.
 */
export async function changeLines(
  tx: Db,
  where: SQL,
  changes: LineChanges,
  now: Date,
): Promise<string[]> {
  const rows = await tx
    .update(m3uLines)
    .set({
      ...changes,
      status: statusFor(changes.isEnabled ?? m3uLines.isEnabled),
      revision: sql`${m3uLines.revision} + 1`,
      nextPushAt: sql`case when ${m3uLines.supplierId} is null and ${m3uLines.status} = 'creating'
        then ${m3uLines.nextPushAt} else ${now.toISOString()}::timestamptz end`,
      pushAttempts: 0,
      updatedAt: now,
    })
    .where(where)
    .returning({ id: m3uLines.id })
  return rows.map((row) => row.id)
}

/** The line of one person, changed as `changeLines` does; null when they have none. */
export async function changePersonLine(
  tx: Db,
  personId: string,
  changes: LineChanges,
  now: Date,
): Promise<string | null> {
  const [id] = await changeLines(tx, eq(m3uLines.trialRequestId, personId), changes, now)
  return id ?? null
}

export async function findLine(db: Db, where: SQL): Promise<M3uLineRow | undefined> {
  const [row] = await db.select().from(m3uLines).where(where)
  return row
}
