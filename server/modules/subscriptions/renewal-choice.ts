import { eq, sql } from 'drizzle-orm'
import type { RenewalOffReason } from '../../../common/renewals'
import type { Db } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'

export type RenewalChoiceRow = typeof autoRenewals.$inferSelect

/** The person's choice, locked for the caller's transaction; null when they never chose. */
export async function lockRenewalChoice(
  tx: Db,
  personId: string,
): Promise<RenewalChoiceRow | null> {
  const [row] = await tx
    .select()
    .from(autoRenewals)
    .where(eq(autoRenewals.trialRequestId, personId))
    .for('update')
  return row ?? null
}

/**
 * Turns automatic renewal on (`active`, keeping a `retrying` or `past_due` renewal's state) or
 * off (`off`, with who and why); `by` is `customer` or a staff username.
 */
export async function writeRenewalChoice(
  tx: Db,
  personId: string,
  choice: { autoRenew: boolean; reason?: RenewalOffReason | null; by: string },
  now: Date,
): Promise<void> {
  const values = choice.autoRenew
    ? { autoRenew: true, turnedOffAt: null, turnedOffBy: null, turnedOffReason: null }
    : {
        autoRenew: false,
        status: 'off' as const,
        turnedOffAt: now,
        turnedOffBy: choice.by,
        turnedOffReason: choice.reason ?? null,
      }
  await tx
    .insert(autoRenewals)
    .values({
      trialRequestId: personId,
      status: 'active',
      ...values,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: autoRenewals.trialRequestId,
      set: {
        ...values,
        // Turned back on: a renewal that was off starts afresh; one still failing stays so.
        ...(choice.autoRenew
          ? {
              status: sql`case when ${autoRenewals.status} = 'off' then 'active' else ${autoRenewals.status} end`,
            }
          : {}),
        updatedAt: now,
      },
    })
}

/** Records that the retention offer was made (to a person whose choice exists): once each. */
export async function markRetentionOffered(tx: Db, personId: string, now: Date): Promise<void> {
  await tx
    .update(autoRenewals)
    .set({ retentionOfferedAt: now, updatedAt: now })
    .where(eq(autoRenewals.trialRequestId, personId))
}

/**
 * The plan the next renewal moves onto (a cheaper one, from the period's end), or none: the
 * renewal stays on the plan last paid for.
 */
export async function scheduleRenewalPlan(
  tx: Db,
  personId: string,
  planId: string | null,
  now: Date,
): Promise<void> {
  await tx
    .insert(autoRenewals)
    .values({
      trialRequestId: personId,
      autoRenew: false,
      status: 'off',
      scheduledPlanId: planId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: autoRenewals.trialRequestId,
      set: { scheduledPlanId: planId, updatedAt: now },
    })
}
