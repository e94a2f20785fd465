import { and, eq, lt, not, sql } from 'drizzle-orm'
import { renewalGiveUpDays } from '../../../common/renewals'
import { advisoryLockIds } from '../../db/advisory-locks'
import { queryRows, type Db } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { recordSystemAudit } from '../audit/audit.service'
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
      ...trials.map(({ id }) => ({ action: 'trial_request.trial_expired', entityId: id })),
      ...paid.map(({ id }) => ({ action: 'trial_request.subscription_expired', entityId: id })),
    ]
    await recordSystemAudit(tx, entries, 'trial_request', now)
    return { trialsExpired: trials.length, subscriptionsExpired: paid.length, skipped: false }
  })
}
