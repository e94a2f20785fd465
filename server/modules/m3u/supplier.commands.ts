import type { DriftKeep } from '../../../common/person-lines'
import { actingAdmin, auditAction } from '../audit/command'
import { readActivityRound } from './activity-read'
import { fixDrift, type MoveSubscriptionEnd } from './drift-fix'
import type { PanelContext } from './line.commands'
import { commandOutcome } from './line-outcome'
import { syncSupplier } from './supplier-sync'

export const supplierActions = {
  sync: auditAction('supplier', 'sync'),
  fixDrift: auditAction('supplier', 'fix_drift'),
}

/**
 * Reconciliation with the panel on demand, and then, rather than at the next round, the activity
 * log read and the lines likely shared.
 */
export async function syncWithSupplier(ctx: PanelContext, { apiKey }: { apiKey?: string }) {
  const result = await syncSupplier(ctx.access, {
    apiKey,
    actor: actingAdmin(ctx).username,
    commit: commandOutcome(ctx, supplierActions.sync),
  })
  await readActivityRound(ctx.access)
  return result
}

/**
 * One difference put right the way the admin chose; keeping the panel's expiry moves the
 * subscription's end through `moveSubscriptionEnd` (its owner's, given by the caller).
 */
export async function fixSupplierDrift(
  ctx: PanelContext & { moveSubscriptionEnd: MoveSubscriptionEnd },
  { driftId, keep, apiKey }: { driftId: string; keep: DriftKeep; apiKey?: string },
) {
  return fixDrift(ctx.access, driftId, keep, {
    apiKey,
    actor: actingAdmin(ctx).username,
    commit: commandOutcome(ctx, supplierActions.fixDrift),
    moveSubscriptionEnd: ctx.moveSubscriptionEnd,
  })
}
