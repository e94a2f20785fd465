import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { recordSystemAudit } from '../audit/audit.service'

/**
 * Where a person's automatic renewal stands (auto_renewals, decision 0059), as the renewal round
 * and the settle step move it. Each command changes only a row in the state it expects, so a
 * repeated step (a webhook after the synchronous answer) changes nothing more.
 */

/** A card was saved with renewal asked for: the subscription renews by itself from now on. */
export async function turnOnAutoRenewal(tx: Db, personId: string, now: Date): Promise<void> {
  await tx
    .insert(autoRenewals)
    .values({ trialRequestId: personId, autoRenew: true, status: 'active', updatedAt: now })
    .onConflictDoUpdate({
      target: autoRenewals.trialRequestId,
      set: {
        autoRenew: true,
        // A renewal being retried stays so: the new card is tried by the round.
        status: sql`case when ${autoRenewals.status} = 'off' then 'active' else ${autoRenewals.status} end`,
        turnedOffAt: null,
        turnedOffBy: null,
        turnedOffReason: null,
        updatedAt: now,
      },
    })
}

/** A renewal was declined: it is retried (or waits for a new card) while the line stays on. */
export async function markRenewalRetrying(tx: Db, personId: string, now: Date): Promise<void> {
  await tx
    .update(autoRenewals)
    .set({ status: 'retrying', updatedAt: now })
    .where(and(eq(autoRenewals.trialRequestId, personId), eq(autoRenewals.status, 'active')))
}

/** The grace period passed unpaid: the line goes off. False when it was not retrying. */
export async function markRenewalPastDue(tx: Db, personId: string, now: Date): Promise<boolean> {
  const changed = await tx
    .update(autoRenewals)
    .set({ status: 'past_due', updatedAt: now })
    .where(and(eq(autoRenewals.trialRequestId, personId), eq(autoRenewals.status, 'retrying')))
    .returning({ id: autoRenewals.trialRequestId })
  return changed.length > 0
}

/** A renewal was paid: renewal goes on as before, on the plan just paid for. */
export async function markRenewalPaid(
  tx: Db,
  personId: string,
  planId: string | null,
  now: Date,
): Promise<void> {
  await tx
    .update(autoRenewals)
    .set({
      status: sql`case when ${autoRenewals.status} = 'off' then 'off' else 'active' end`,
      // The plan scheduled for this period is now the subscription's own.
      scheduledPlanId: sql`case when ${autoRenewals.scheduledPlanId} = ${planId} then null
        else ${autoRenewals.scheduledPlanId} end`,
      updatedAt: now,
    })
    .where(eq(autoRenewals.trialRequestId, personId))
}

/**
 * The renewal could not be charged (the last retry failed, or its last day passed): the
 * subscription ends and renewal is off, in the trail as the system's. Not a customer's choice:
 * nothing says who turned it off.
 */
export async function endUnpaidRenewal(tx: Db, personId: string, now: Date): Promise<void> {
  await tx
    .update(autoRenewals)
    .set({ autoRenew: false, status: 'off', updatedAt: now })
    .where(eq(autoRenewals.trialRequestId, personId))
  const ended = await tx
    .update(trialRequests)
    .set({ subscriptionStatus: 'expired', updatedAt: now })
    .where(
      and(eq(trialRequests.id, personId), inArray(trialRequests.subscriptionStatus, ['active'])),
    )
    .returning({ id: trialRequests.id })
  const entries = ended.map(({ id }) => ({ action: 'trial_request.renewal_ended', entityId: id }))
  await recordSystemAudit(tx, entries, 'trial_request', now)
}
