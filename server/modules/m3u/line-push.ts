import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { m3uLines } from '../../db/schema/m3u-lines'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { leaseUntil } from '../../lib/lease'
import { holdLine, isUnclaimed, logTakenOver } from './line-claim'
import { findLine, panelHeldOf, panelHoldsColumns, type M3uLineRow } from './line-changes'
import { lineEdit, type PanelHeld } from './line-events'
import type { CommitOutcome } from './line-outcome'
import { PanelError } from './panel'
import {
  ledgerPanel,
  noKeyMessage,
  noPanelMessage,
  operationDeadline,
  type SupplierAccess,
} from './supplier-access'

export type PushResult = {
  line: M3uLineRow
  /** `busy`: another process is pushing this line now; `unchanged`: nothing was waiting. */
  outcome: 'synced' | 'pending' | 'busy' | 'unchanged'
  /** Why the panel did not take it, when it did not. */
  failure?: PanelError
}

type PushOptions = {
  /** The key typed for this call; else the server's. */
  apiKey?: string
  /** Who asked, for the ledger: an admin's username or 'system'. */
  actor: string
  commit: CommitOutcome
}

/** After a failed push: 1 min, 2, 4… at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

const isPending = gt(m3uLines.revision, m3uLines.pushedRevision)

/** Claims a line whose desired state the panel does not hold yet; undefined when not ours to push. */
async function claimPush(access: SupplierAccess, lineId: string, now: Date) {
  const [row] = await access.db
    .update(m3uLines)
    .set({ claimedUntil: leaseUntil(now) })
    .where(
      and(eq(m3uLines.id, lineId), isNotNull(m3uLines.supplierId), isPending, isUnclaimed(now)),
    )
    .returning()
  return row
}

/**
 * Sends the panel what differs between its last word on the line and ours (expiry, trial,
 * password; then enabled or disabled), and nothing when nothing does. Each call the panel takes
 * is recorded at once, so a retry after a later failure does not send it again.
 */
async function sendLine(access: SupplierAccess, line: M3uLineRow, options: PushOptions) {
  if (!access.panel) throw new PanelError('unreachable', noPanelMessage)
  const apiKey = options.apiKey ?? access.serverKey
  if (!apiKey) throw new PanelError('refused', noKeyMessage)
  const held = panelHeldOf(line)
  const panel = ledgerPanel(access, access.panel, {
    actor: options.actor,
    personId: line.trialRequestId,
    lineId: line.id,
    held,
  })
  const id = line.supplierId!
  const holds = (now: Partial<PanelHeld>) =>
    access.db
      .update(m3uLines)
      .set(panelHoldsColumns(now, access.now()))
      .where(eq(m3uLines.id, line.id))
  const deadline = operationDeadline(access)
  const edit = lineEdit(held, line)
  if (Object.keys(edit).length > 0) {
    await panel.editLine(apiKey, id, edit, deadline)
    await holds(edit)
  }
  if (held.isEnabled !== line.isEnabled) {
    await (line.isEnabled
      ? panel.enableLine(apiKey, id, deadline)
      : panel.disableLine(apiKey, id, deadline))
    await holds({ isEnabled: line.isEnabled })
  }
}

/**
 * Makes the panel hold what we hold for a line: claim it (so no other process pushes it at the
 * same time; a lease renewed while the panel is called), call the panel with no transaction open,
 * then record the outcome. A failure keeps the change waiting, with the panel's words and a later
 * retry (retryDelayMs).
 */
export async function pushLine(
  access: SupplierAccess,
  lineId: string,
  options: PushOptions,
): Promise<PushResult> {
  const claimed = await claimPush(access, lineId, access.now())
  if (!claimed) {
    const line = (await findLine(access.db, eq(m3uLines.id, lineId)))!
    const outcome = line.pushedRevision >= line.revision ? 'unchanged' : 'busy'
    return options.commit(lineId, async () => ({ line, outcome }), {
      outcome: outcome === 'busy' ? 'pending' : 'completed',
    })
  }
  const hold = holdLine(access, claimed)
  let failure: PanelError | null = null
  try {
    await hold.whileHeld(() => sendLine(access, claimed, options))
  } catch (error) {
    if (!(error instanceof PanelError)) throw error
    failure = error
  }
  const now = access.now()
  return options.commit(
    lineId,
    async (tx) => {
      const [line] = await tx
        .update(m3uLines)
        .set(
          failure
            ? {
                claimedUntil: null,
                pushAttempts: sql`${m3uLines.pushAttempts} + 1`,
                nextPushAt: new Date(now.getTime() + retryDelayMs(claimed.pushAttempts + 1)),
                panelError: failure.message,
              }
            : {
                claimedUntil: null,
                pushedRevision: claimed.revision,
                pushAttempts: 0,
                nextPushAt: null,
                panelError: null,
              },
        )
        // A holder whose lease lapsed records nothing (an older revision, say): the process that
        // took the line over pushes it again and records its own outcome.
        .where(hold.isHeld())
        .returning()
      if (!line) {
        logTakenOver(access, lineId)
        const current = (await findLine(tx, eq(m3uLines.id, lineId)))!
        return { line: current, outcome: 'busy' as const }
      }
      if (!failure) {
        await tx
          .delete(supplierDrift)
          .where(
            and(
              eq(supplierDrift.lineId, lineId),
              inArray(supplierDrift.kind, ['expiry', 'enabled']),
            ),
          )
      }
      const outcome: PushResult['outcome'] = failure ? 'pending' : 'synced'
      return { line, outcome, ...(failure ? { failure } : {}) }
    },
    { outcome: failure ? 'pending' : 'completed' },
  )
}

/** Lines `condition` selects whose next try is due and that nobody holds, oldest due first. */
export async function dueLines(
  access: SupplierAccess,
  condition: SQL,
  now: Date,
  limit = 100,
): Promise<string[]> {
  const rows = await access.db
    .select({ id: m3uLines.id })
    .from(m3uLines)
    .where(
      and(
        condition,
        or(isNull(m3uLines.nextPushAt), lte(m3uLines.nextPushAt, now)),
        isUnclaimed(now),
      ),
    )
    .orderBy(m3uLines.nextPushAt)
    .limit(limit)
  return rows.map((row) => row.id)
}

/** Lines whose change is due for another try (a failed push, or a push nobody made). */
export const duePushes = (access: SupplierAccess, now: Date) =>
  dueLines(access, and(isPending, isNotNull(m3uLines.supplierId))!, now)
