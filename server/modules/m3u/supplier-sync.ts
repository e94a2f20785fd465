import { and, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { SupplierSyncResult } from '../../../common/person-lines'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { supplierState } from '../../db/schema/supplier-state'
import { createNotification, publishNotification } from '../notifications/notifications.service'
import { queueMessage } from '../messages/outbox.service'
import { creditsForecast, creditsShortReason } from './credits-forecast'
import { getSupplierSettings } from '../settings/settings.service'
import {
  findDrift,
  matchLines,
  matchUnmade,
  type FoundDrift,
  type OurLine,
  type UnmadeLine,
} from './drift-compare'
import { saveDrift } from './drift-store'
import type { CommitOutcome } from './line-outcome'
import { PanelError, perRequest, type PanelLine } from './panel'
import { ledgerPanel, requireKey, requirePanel, type SupplierAccess } from './supplier-access'

// Reading every page of a large panel takes a while; a crashed sync frees the lease after this.
const syncLeaseMs = 10 * 60_000
const insertBatch = 1000

export async function readSupplierState(db: Db) {
  const [state] = await db.select().from(supplierState).where(eq(supplierState.id, 1))
  return state ?? null
}

/** The one process to reconcile now; false while another holds the lease. */
async function claimSync(db: Db, now: Date): Promise<boolean> {
  await db.insert(supplierState).values({ id: 1 }).onConflictDoNothing()
  const claimed = await db
    .update(supplierState)
    .set({ syncClaimedUntil: new Date(now.getTime() + syncLeaseMs) })
    .where(
      and(
        eq(supplierState.id, 1),
        or(isNull(supplierState.syncClaimedUntil), lt(supplierState.syncClaimedUntil, now)),
      ),
    )
    .returning({ id: supplierState.id })
  return claimed.length > 0
}

async function ourLines(db: Db): Promise<OurLine[]> {
  const rows = await db
    .select({
      id: m3uLines.id,
      supplierId: m3uLines.supplierId,
      username: m3uLines.username,
      expiresAt: m3uLines.expiresAt,
      isEnabled: m3uLines.isEnabled,
      revision: m3uLines.revision,
      pushedRevision: m3uLines.pushedRevision,
    })
    .from(m3uLines)
    .where(isNotNull(m3uLines.supplierId))
  return rows.map(({ revision, pushedRevision, ...row }) => ({
    ...row,
    supplierId: row.supplierId!,
    isPending: revision > pushedRevision,
  }))
}

/** Our lines recorded before their create, the panel's id not known yet: creating or checking. */
async function unmadeLines(db: Db): Promise<UnmadeLine[]> {
  const rows = await db
    .select({
      id: m3uLines.id,
      username: m3uLines.username,
      password: m3uLines.password,
      notes: m3uLines.notes,
    })
    .from(m3uLines)
    .where(and(isNull(m3uLines.supplierId), isNotNull(m3uLines.username)))
  return rows.map((row) => ({ ...row, username: row.username!, notes: row.notes ?? '' }))
}

/** A checking line the listing shows the panel holds: due at once, for the retry job to record. */
async function settleSoon(db: Db, lineIds: string[], now: Date) {
  if (!lineIds.length) return
  await db
    .update(m3uLines)
    .set({ nextPushAt: now })
    .where(
      and(
        inArray(m3uLines.id, lineIds),
        eq(m3uLines.status, 'checking'),
        isNull(m3uLines.supplierId),
      ),
    )
}

type Found = {
  drift: FoundDrift[]
  credits: number | null
  /** The panel's line for each of ours it holds. */
  seen: Map<string, PanelLine>
  /** When the panel was read: what it said since then is newer than this sync's reading. */
  readAt: Date
}

/**
 * Keeps what the panel said of each of our lines (its expiry, enabled, trial and password), so a
 * line shows it and a push sends only what differs. A line the panel took a change for after the
 * reading keeps that newer word.
 */
async function recordPanelStates(tx: Db, seen: Map<string, PanelLine>, readAt: Date, now: Date) {
  const entries = [...seen]
  for (let start = 0; start < entries.length; start += insertBatch) {
    const values = entries
      .slice(start, start + insertBatch)
      .map(
        ([lineId, line]) =>
          sql`(${lineId}::uuid, ${line.expiresAt?.toISOString() ?? null}::timestamptz, ${line.isEnabled}::boolean, ${line.isTrial}::boolean, ${line.password}::text, ${line.maxConnections}::integer)`,
      )
    await tx.execute(sql`
      update ${m3uLines} set panel_expires_at = v.expires_at, panel_is_enabled = v.is_enabled,
        panel_is_trial = v.is_trial, panel_password = v.password,
        panel_max_connections = v.max_connections, last_synced_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(values, sql`, `)}) as v(id, expires_at, is_enabled, is_trial, password, max_connections)
      where ${m3uLines.id} = v.id
        and (${m3uLines.lastSyncedAt} is null or ${m3uLines.lastSyncedAt} <= ${readAt.toISOString()}::timestamptz)`)
  }
}

const driftKey = (drift: { kind: string; username: string }) => `${drift.kind} ${drift.username}`

function driftNotice(fresh: FoundDrift[]) {
  const names = fresh.slice(0, 5).map((drift) => drift.username)
  const more = fresh.length > names.length ? ` and ${fresh.length - names.length} more` : ''
  return {
    type: 'supplier_drift',
    entityId: 'supplier',
    recipientRole: 'admin' as const,
    title: 'Supplier panel differs from our lines',
    body: `${fresh.length} new ${fresh.length === 1 ? 'difference' : 'differences'}: ${names.join(', ')}${more}. Put them right in Admin Tools.`,
  }
}

/** Writes what a reconciliation found and tells the admins what is new; inside `tx`. */
async function recordSync(
  tx: Db,
  found: Found,
  { shortReason, alertEmail }: { shortReason: string | null; alertEmail: string | null },
  now: Date,
) {
  const { drift, credits } = found
  const previous = await tx.select().from(supplierDrift)
  const previousKeys = new Set(previous.map(driftKey))
  const currentKeys = new Set(drift.map(driftKey))
  const [state] = await tx.select().from(supplierState).where(eq(supplierState.id, 1))
  const gone = previous.filter((row) => !currentKeys.has(driftKey(row))).map((row) => row.id)
  for (let start = 0; start < gone.length; start += insertBatch) {
    await tx
      .delete(supplierDrift)
      .where(inArray(supplierDrift.id, gone.slice(start, start + insertBatch)))
  }
  for (let start = 0; start < drift.length; start += insertBatch) {
    await saveDrift(tx, drift.slice(start, start + insertBatch), now)
  }
  await recordPanelStates(tx, found.seen, found.readAt, now)
  const isLow = shortReason !== null
  await tx
    .update(supplierState)
    .set({
      syncClaimedUntil: null,
      lastSyncAt: now,
      lastSyncError: null,
      credits,
      isCreditAlerted: isLow,
    })
    .where(eq(supplierState.id, 1))

  const fresh = drift.filter((found) => !previousKeys.has(driftKey(found)))
  const notices = fresh.length ? [driftNotice(fresh)] : []
  // Once per fall: told again only after the credits recovered and fell again.
  if (isLow && !state?.isCreditAlerted) {
    notices.push({
      type: 'supplier_credits_low',
      entityId: 'supplier',
      recipientRole: 'admin',
      title: 'Supplier credits are low',
      body: shortReason,
    })
    if (alertEmail) {
      const message = {
        kind: 'supplier_credits_low' as const,
        recipient: alertEmail,
        variables: { creditsReason: shortReason },
      }
      await queueMessage(tx, message, now)
    }
  }
  return Promise.all(notices.map((notice) => createNotification(tx, notice)))
}

/**
 * Reconciles our lines with the panel's (get_lines) and reads the credits (user_info): the
 * differences replace the last sync's (those found again keep their ids), and the admins hear of new ones and of credits falling
 * below the Business Settings' threshold. One process at a time (a lease, not a transaction:
 * none is open while the panel answers); another asking meanwhile is told it was skipped.
 */
export async function syncSupplier(
  access: SupplierAccess,
  { apiKey, actor, commit }: { apiKey?: string; actor: string; commit: CommitOutcome },
): Promise<SupplierSyncResult> {
  const panel = ledgerPanel(access, requirePanel(access), { actor })
  const key = requireKey(access, apiKey)
  if (!(await claimSync(access.db, access.now()))) {
    const [state, [rows]] = await Promise.all([
      readSupplierState(access.db),
      access.db.select({ drift: count() }).from(supplierDrift),
    ])
    const skipped = {
      skipped: true,
      drift: rows?.drift ?? 0,
      credits: state?.credits ?? null,
      lastSyncAt: state?.lastSyncAt?.toISOString() ?? null,
    }
    return commit(null, async () => skipped, { outcome: 'skipped' })
  }
  let found: Found
  try {
    const readAt = access.now()
    // Nobody waits for the sync: each page of a large account gets the whole timeout.
    const panelLines = await panel.listLines(key, perRequest)
    const credits = await panel.credits(key)
    const [ours, unmade] = await Promise.all([ourLines(access.db), unmadeLines(access.db)])
    const seen = matchLines(ours, panelLines)
    const held = matchUnmade(unmade, panelLines)
    await settleSoon(access.db, [...held.keys()], access.now())
    found = { drift: findDrift(ours, panelLines, seen, held), credits, seen, readAt }
  } catch (error) {
    await access.db
      .update(supplierState)
      .set({
        syncClaimedUntil: null,
        lastSyncError: error instanceof PanelError ? error.message : 'Unexpected error',
      })
      .where(eq(supplierState.id, 1))
    throw error
  }
  const settings = await getSupplierSettings(access.db)
  const now = access.now()
  const forecast = await creditsForecast(access.db, found.credits, now)
  const alert = {
    shortReason: creditsShortReason(found.credits, forecast, settings),
    alertEmail: access.alertEmail ?? null,
  }
  const notifications = await commit(null, (tx) => recordSync(tx, found, alert, now), {
    outcome: 'completed',
  })
  for (const notification of notifications) await publishNotification(access.bus, notification)
  return {
    skipped: false,
    drift: found.drift.length,
    credits: found.credits,
    lastSyncAt: now.toISOString(),
  }
}
