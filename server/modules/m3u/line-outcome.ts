import type { AuditDetails } from '../../../common/audit'
import type { Db } from '../../db/client'
import { retryOnDeadlock } from '../../lib/database-errors'
import { recordAudit, recordSystemAudit } from '../audit/audit.service'
import { auditedChange, type AuditAction, type CommandContext } from '../audit/command'

/**
 * Opens the transaction that records how a panel call ended, and writes the action's line in the
 * audit trail with it (docs/supplier-panel.md §4: record the intent, call, record the outcome).
 */
export type CommitOutcome = <T>(
  entityId: string | null,
  write: (tx: Db) => Promise<T>,
  details: AuditDetails,
) => Promise<T>

/** A command's own audited transaction: its action, by its actor. */
export function commandOutcome(ctx: CommandContext, action: AuditAction): CommitOutcome {
  return (entityId, write, details) => auditedChange(ctx, action, { entityId, details }, write)
}

// The outcomes below are recorded beside other writers of the same person (an admin's payment
// while the line it owes is made): a deadlock's victim records its outcome again.

/** A follow-up an admin's change caused (a converted subscription's line), under that admin. */
export function adminOutcome(
  db: Db,
  actor: { id: string; username: string },
  action: string,
  now: () => Date,
): CommitOutcome {
  return (entityId, write, details) =>
    retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const result = await write(tx)
        await recordAudit(tx, {
          actor,
          action,
          entityType: 'm3u_line',
          entityId,
          details,
          now: now(),
        })
        return result
      }),
    )
}

/** Work of the system itself: recorded as 'system' once the panel has done it. */
export function systemOutcome(db: Db, action: string, now: () => Date): CommitOutcome {
  return (entityId, write, details) =>
    retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const result = await write(tx)
        // A panel that stays down would add a line per retry; the trail keeps what was done.
        if (details.outcome === 'completed' && entityId) {
          await recordSystemAudit(tx, [{ action, entityId }], 'm3u_line', now())
        }
        return result
      }),
    )
}
