import { and, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { backoffDelay } from '../../../common/backoff'
import { m3uLines } from '../../db/schema/m3u-lines'
import { leaseUntil } from '../../lib/lease'
import { holdLine, isUnclaimed, logTakenOver } from './line-claim'
import { findLine, panelHeldOf, panelHoldsColumns, type M3uLineRow } from './line-changes'
import { lineEdit, type PanelHeld } from './line-events'
import type { CommitOutcome } from './line-outcome'
import { heldOf, markLineDrift } from './line-readback'
import { PanelError, type PanelLine } from './panel'
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

const retryBackoff = { baseMs: 60_000, capMs: 60 * 60_000 }

/** After a failed push: steps of 1 min, 2, 4… at most an hour, jittered (common/backoff.ts). */
export const retryDelayMs = (attempts: number) => backoffDelay(attempts, retryBackoff, Math.random)

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
 * Reads the line on the panel, sends what differs between that and ours (expiry, trial, password,
 * screens; then enabled or disabled), and reads it back: the panel's word is what the line then
 * shows. Reading first matters: a line the supplier disabled or moved since we last heard would
 * otherwise look unchanged, and a conversion would leave it off. Each word of the panel is
 * recorded at once, so a retry after a later failure does not send a taken call again. Answers
 * the line as the panel holds it now (null: it holds none).
 */
async function sendLine(
  access: SupplierAccess,
  line: M3uLineRow,
  options: PushOptions,
): Promise<PanelLine | null> {
  if (!access.panel) throw new PanelError('unreachable', noPanelMessage)
  const apiKey = options.apiKey ?? access.serverKey
  if (!apiKey) throw new PanelError('refused', noKeyMessage)
  const who = { actor: options.actor, personId: line.trialRequestId, lineId: line.id }
  const id = line.supplierId!
  const holds = (now: Partial<PanelHeld>) =>
    access.db
      .update(m3uLines)
      .set(panelHoldsColumns(now, access.now()))
      .where(eq(m3uLines.id, line.id))
  const deadline = operationDeadline(access)
  const readLine = () => ledgerPanel(access, access.panel!, who).getLine(apiKey, id, deadline)
  const before = await readLine()
  if (before) await holds(heldOf(before))
  const held = before ? heldOf(before) : panelHeldOf(line)
  const panel = ledgerPanel(access, access.panel, { ...who, held })
  const edit = lineEdit(held, line)
  const isEdited = Object.keys(edit).length > 0
  if (isEdited) {
    await panel.editLine(apiKey, id, edit, deadline)
    await holds(edit)
  }
  const isSwitched = held.isEnabled !== line.isEnabled
  if (isSwitched) {
    await (line.isEnabled
      ? panel.enableLine(apiKey, id, deadline)
      : panel.disableLine(apiKey, id, deadline))
    await holds({ isEnabled: line.isEnabled })
  }
  if (!isEdited && !isSwitched) return before
  const after = await readLine()
  if (after) await holds(heldOf(after))
  return after
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
  let read: PanelLine | null = null
  try {
    read = await hold.whileHeld(() => sendLine(access, claimed, options))
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
      // What the panel said after the change is compared now, not at the next sync.
      if (!failure) await markLineDrift(tx, line, read, now)
      const outcome: PushResult['outcome'] = failure ? 'pending' : 'synced'
      return { line, outcome, ...(failure ? { failure } : {}) }
    },
    { outcome: failure ? 'pending' : 'completed' },
  )
}

/**
 * Lines `condition` selects whose next try is due by `dueBy` (by default now) and that nobody
 * holds now, oldest due first.
 */
export async function dueLines(
  access: SupplierAccess,
  condition: SQL,
  now: Date,
  { dueBy = now, limit = 100 }: { dueBy?: Date; limit?: number } = {},
): Promise<string[]> {
  const rows = await access.db
    .select({ id: m3uLines.id })
    .from(m3uLines)
    .where(
      and(
        condition,
        or(isNull(m3uLines.nextPushAt), lte(m3uLines.nextPushAt, dueBy)),
        isUnclaimed(now),
      ),
    )
    .orderBy(m3uLines.nextPushAt)
    .limit(limit)
  return rows.map((row) => row.id)
}

/** Lines whose change is due by `dueBy` for another try (a failed push, or a push nobody made). */
export const duePushes = (access: SupplierAccess, now: Date, dueBy = now) =>
  dueLines(access, and(isPending, isNotNull(m3uLines.supplierId))!, now, { dueBy })
