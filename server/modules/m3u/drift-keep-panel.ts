import { eq } from 'drizzle-orm'
import { driftKindLabels, panelKeepableKinds } from '../../../common/person-lines'
import { m3uLines } from '../../db/schema/m3u-lines'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, notFound } from '../../lib/http-error'
import type { FixOptions, FixResult } from './drift-fix'
import { listedDrift } from './drift-store'
import { findLine, panelHoldsColumns, statusFor } from './line-changes'
import { heldOf } from './line-readback'
import { ledgerPanel, requireKey, requirePanel, type SupplierAccess } from './supplier-access'

/**
 * Puts one difference right the other way (`keep: 'panel'`): the panel's expiry or enabled state
 * becomes ours. The line is read again first, so what is kept is what the panel says now, not
 * what the last sync saw. Keeping the panel's expiry of a paid line moves the subscription's end
 * to it, through the subscription's own command (`options.moveSubscriptionEnd`); the audit entry
 * says so. Nothing is sent to the panel: it holds this already.
 */
export async function keepPanelSide(
  access: SupplierAccess,
  driftId: string,
  options: FixOptions,
): Promise<FixResult> {
  const panel = requirePanel(access)
  const key = requireKey(access, options.apiKey)
  const drift = await listedDrift(access.db, driftId)
  if (!panelKeepableKinds.includes(drift.kind) || !drift.lineId) {
    throw conflict(
      `${driftKindLabels[drift.kind]}: there is no panel side to keep here; keep ours to put it right.`,
    )
  }
  const line = await findLine(access.db, eq(m3uLines.id, drift.lineId))
  if (!line?.supplierId) throw notFound('This line no longer exists.')
  const read = await ledgerPanel(access, panel, {
    actor: options.actor,
    personId: line.trialRequestId,
    lineId: line.id,
  }).getLine(key, line.supplierId)
  if (!read) throw conflict('The panel no longer holds this line. Sync again to see why.')

  const now = access.now()
  const isExpiry = drift.kind === 'expiry'
  const [person] = line.trialRequestId
    ? await access.db.select().from(trialRequests).where(eq(trialRequests.id, line.trialRequestId))
    : []
  if (!isExpiry && read.isEnabled && person?.subscriptionStatus === 'expired') {
    throw conflict(
      'This access has ended, so the line would be switched off again: extend the subscription first.',
    )
  }
  // A paid subscription ends with its line; a trial's end follows its request and stays.
  const movesEnd = isExpiry && read.expiresAt !== null && person?.paidPlan != null
  const subscriptionEnd = movesEnd ? read.expiresAt! : null
  return options.commit(
    drift.id,
    async (tx) => {
      const kept = isExpiry ? { expiresAt: read.expiresAt } : { isEnabled: read.isEnabled }
      await tx
        .update(m3uLines)
        .set({
          ...kept,
          ...panelHoldsColumns(heldOf(read), now),
          status: statusFor(kept.isEnabled ?? m3uLines.isEnabled),
          updatedAt: now,
        })
        .where(eq(m3uLines.id, line.id))
      if (subscriptionEnd && person) {
        await options.moveSubscriptionEnd(tx, person.id, subscriptionEnd, now)
      }
      await tx.delete(supplierDrift).where(eq(supplierDrift.id, drift.id))
      return {
        isFixed: true,
        problem: null,
        subscriptionEnd: subscriptionEnd?.toISOString() ?? null,
      }
    },
    {
      outcome: 'completed',
      drift: {
        kind: drift.kind,
        keep: 'panel',
        ...(subscriptionEnd ? { subscriptionEnd: subscriptionEnd.toISOString() } : {}),
      },
    },
  )
}
