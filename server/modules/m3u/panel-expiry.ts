import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { advisoryLockIds } from '../../db/advisory-locks'
import { queryRows } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { changeLines } from './line-changes'
import type { CommitOutcome } from './line-outcome'
import { duePushes, pushLine } from './line-push'
import type { SupplierAccess } from './supplier-access'
import { getPlatformSettings, getSupplierSettings } from '../settings/settings.service'

const hour = 60 * 60 * 1000
const day = 24 * hour

export type PanelExpiryResult = {
  /** Lines of ended trials and subscriptions now disabled (here; on the panel unless pending). */
  linesDisabled: number
  /** Of those, the ones the panel did not take yet: retried with backoff. */
  linesPending: number
  /** Another process was marking lines at that moment. */
  skipped: boolean
}

type Push = { actor: string; commitFor: (action: string) => CommitOutcome }

/** Marks disabled the lines of people whose trial or subscription ended over the grace period ago. */
async function markEndedLines(access: SupplierAccess, now: Date) {
  const [{ trialDurationHours }, { gracePeriodDays }] = await Promise.all([
    getPlatformSettings(access.db),
    getSupplierSettings(access.db),
  ])
  const graceCutoff = new Date(now.getTime() - gracePeriodDays * day)
  const trialCutoff = new Date(graceCutoff.getTime() - trialDurationHours * hour)
  return access.db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${advisoryLockIds.panelExpiry}) as locked`,
    )
    if (!lock?.locked) return null
    const ended = tx
      .select({ id: trialRequests.id })
      .from(trialRequests)
      .where(
        and(
          eq(trialRequests.subscriptionStatus, 'expired'),
          or(
            lt(trialRequests.subscriptionEndDate, graceCutoff),
            and(
              isNull(trialRequests.subscriptionEndDate),
              lt(trialRequests.createdAt, trialCutoff),
            ),
          ),
        ),
      )
    return changeLines(
      tx,
      and(eq(m3uLines.isEnabled, true), inArray(m3uLines.trialRequestId, ended))!,
      { isEnabled: false },
      now,
    )
  })
}

/**
 * Pushes lines one by one; a panel that does not answer (or cannot be reached) ends the round:
 * the rest stay due and the next round tries again, each line backing off as it fails.
 */
async function pushEach(access: SupplierAccess, lineIds: string[], action: string, push: Push) {
  let pending = 0
  for (const [index, lineId] of lineIds.entries()) {
    const { outcome, failure } = await pushLine(access, lineId, {
      actor: push.actor,
      commit: push.commitFor(action),
    })
    if (outcome === 'synced' || outcome === 'unchanged') continue
    pending += 1
    if (failure?.kind === 'timeout' || failure?.kind === 'unreachable') {
      return pending + lineIds.length - index - 1
    }
  }
  return pending
}

/**
 * The expiry job's panel side (also run by Maintenance's Expire now): disables the lines of
 * expired trials and subscriptions once the Business Settings' grace period has passed, each
 * recorded in the trail when the panel has done it.
 */
export async function disableEndedLines(
  access: SupplierAccess,
  push: Push,
): Promise<PanelExpiryResult> {
  const lineIds = await markEndedLines(access, access.now())
  if (!lineIds) return { linesDisabled: 0, linesPending: 0, skipped: true }
  const linesPending = await pushEach(access, lineIds, 'm3u_line.disable_expired', push)
  return { linesDisabled: lineIds.length, linesPending, skipped: false }
}

/**
 * Pushes again the line changes the panel has not taken yet, as each one's backoff allows (those
 * due by `dueBy`, by default now).
 */
export async function retryDuePushes(
  access: SupplierAccess,
  push: Push,
  dueBy = access.now(),
): Promise<number> {
  const lineIds = await duePushes(access, access.now(), dueBy)
  return pushEach(access, lineIds, 'm3u_line.panel_update', push)
}
