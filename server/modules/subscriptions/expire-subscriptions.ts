import { and, eq, isNotNull, lt, lte, not, sql } from 'drizzle-orm'
import { renewalGiveUpDays } from '../../../common/renewals'
import { advisoryLockIds } from '../../db/advisory-locks'
import { queryRows, type Db } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { recordSystemAudit } from '../audit/audit.service'
import { changePersonLine } from '../m3u/line-changes'
import { planConnections } from '../plans/plan-connections'
import { getPlatformSettings } from '../settings/settings.service'

const day = 24 * 60 * 60 * 1000

/**
 * A subscription whose renewal is still being charged or retried: the renewal round ends it when
 * that fails (decision 0060); this job only once its last day has passed, whatever happened.
 */
const isRenewing = (now: Date) => sql`exists (select 1 from ${autoRenewals}
  where ${autoRenewals.trialRequestId} = ${trialRequests.id}
  and ${autoRenewals.autoRenew} and ${autoRenewals.status} <> 'off'
  and ${trialRequests.subscriptionEndDate} > ${new Date(now.getTime() - renewalGiveUpDays * day).toISOString()}::timestamptz)`

export type ExpiryResult = { trialsExpired: number; subscriptionsExpired: number; skipped: boolean }

/**
 * Expires trials older than the configured trial duration and paid subscriptions past their end
 * date (unless their automatic renewal is still being tried), recording each in the audit trail in the same transaction. Idempotent (only rows still
 * trial/active change), and one process at a time holds a transaction-scoped advisory lock; the
 * others skip. Handed a transaction, it runs inside it and the lock lasts until that commits.
 */
export async function expireSubscriptions(db: Db, now: Date): Promise<ExpiryResult> {
  const { trialDurationHours } = await getPlatformSettings(db)
  const trialCutoff = new Date(now.getTime() - trialDurationHours * 60 * 60 * 1000)
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${advisoryLockIds.subscriptionExpiry}) as locked`,
    )
    if (!lock?.locked) return { trialsExpired: 0, subscriptionsExpired: 0, skipped: true }

    const planStarts = await startScheduledPlans(tx, now)
    const expired = { subscriptionStatus: 'expired' as const, updatedAt: now }
    const trials = await tx
      .update(trialRequests)
      .set(expired)
      .where(
        and(
          eq(trialRequests.subscriptionStatus, 'trial'),
          lt(trialRequests.createdAt, trialCutoff),
        ),
      )
      .returning({ id: trialRequests.id })
    const paid = await tx
      .update(trialRequests)
      .set(expired)
      .where(
        and(
          eq(trialRequests.subscriptionStatus, 'active'),
          lt(trialRequests.subscriptionEndDate, now),
          not(isRenewing(now)),
        ),
      )
      .returning({ id: trialRequests.id })
    const entries = [
      ...planStarts.map((id) => ({ action: 'trial_request.scheduled_plan_started', entityId: id })),
      ...trials.map(({ id }) => ({ action: 'trial_request.trial_expired', entityId: id })),
      ...paid.map(({ id }) => ({ action: 'trial_request.subscription_expired', entityId: id })),
    ]
    await recordSystemAudit(tx, entries, 'trial_request', now)
    return { trialsExpired: trials.length, subscriptionsExpired: paid.length, skipped: false }
  })
}

/**
 * Moves people whose scheduled plan's start has come onto it (staff were paid for it while the
 * previous period ran, decision 0062): their plan, and their line's connections, which the line
 * rounds push to the panel. Answers their ids.
 */
async function startScheduledPlans(tx: Db, now: Date): Promise<string[]> {
  const due = await tx
    .select({ id: trialRequests.id, plan: trialRequests.scheduledPaidPlan })
    .from(trialRequests)
    .where(
      and(isNotNull(trialRequests.scheduledPaidPlan), lte(trialRequests.scheduledPlanFrom, now)),
    )
    .for('update')
  for (const { id, plan } of due) {
    await tx
      .update(trialRequests)
      .set({ paidPlan: plan, scheduledPaidPlan: null, scheduledPlanFrom: null, updatedAt: now })
      .where(eq(trialRequests.id, id))
    await changePersonLine(tx, id, { maxConnections: await planConnections(tx, plan) }, now)
  }
  return due.map(({ id }) => id)
}
