import { and, eq, isNull, lte, or } from 'drizzle-orm'
import { m3uLines } from '../../db/schema/m3u-lines'
import type { CommitOutcome } from './line-outcome'
import { isUnclaimed } from './line-push'
import { PanelError } from './panel'
import { claimCreation, makeClaimedLine } from './person-lines.service'
import type { SupplierAccess } from './supplier-access'

export type SettleResult = {
  /** Lines found on the panel or bought now: made, their login e-mail queued. */
  linesSettled: number
  /** Lines still checking (the panel did not answer again), or back to be made (it refused). */
  linesUnsettled: number
}

/** Lines a create left `checking` whose next look is due, oldest first. */
async function dueChecks(access: SupplierAccess, now: Date, limit = 100): Promise<string[]> {
  const rows = await access.db
    .select({ id: m3uLines.id })
    .from(m3uLines)
    .where(
      and(
        eq(m3uLines.status, 'checking'),
        isNull(m3uLines.supplierId),
        or(isNull(m3uLines.nextPushAt), lte(m3uLines.nextPushAt, now)),
        isUnclaimed(now),
      ),
    )
    .orderBy(m3uLines.nextPushAt)
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * The retry job's pass over lines whose create the deadline left unknown: each claimed (one
 * process per line), looked up on the panel with the server's key, recorded as made when the panel
 * holds it and bought when it holds none (never twice: the panel keeps one line per username). A
 * panel that still does not answer ends the round; the rest wait, each on its own backoff.
 */
export async function settleCheckingLines(
  access: SupplierAccess,
  { actor, commit }: { actor: string; commit: CommitOutcome },
): Promise<SettleResult> {
  const result: SettleResult = { linesSettled: 0, linesUnsettled: 0 }
  const key = access.serverKey
  // A line made with a typed key waits for an admin to check it again with one.
  if (!access.panel || !key) return result
  for (const lineId of await dueChecks(access, access.now())) {
    const claimed = await claimCreation(access, lineId)
    if (!claimed) continue
    try {
      const { isChecking } = await makeClaimedLine(access, claimed, key, {
        actor,
        commit,
        checkLater: true,
      })
      result[isChecking ? 'linesUnsettled' : 'linesSettled'] += 1
      if (isChecking) return result
    } catch (error) {
      // A refusal (no credits…) is recorded on the line, which goes back to be made.
      if (!(error instanceof PanelError)) throw error
      result.linesUnsettled += 1
    }
  }
  return result
}
