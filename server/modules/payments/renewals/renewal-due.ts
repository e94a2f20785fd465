import { and, asc, between, eq, gt, isNotNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { renewalChargeLeadHours } from '../../../../common/renewals'
import { autoRenewals } from '../../../db/schema/auto-renewals'
import { payments } from '../../../db/schema/payments'
import { stripeCustomers } from '../../../db/schema/stripe-customers'
import { trialRequests } from '../../../db/schema/trial-requests'
import { getRenewalSettings } from '../../settings/settings.service'
import { notToldYet, queueRenewalMessage } from './renewal-messages'
import { renewalPlanOf } from '../../plans/renewal-plan'
import { renewalCharge } from './renewal-plan'

const hour = 60 * 60 * 1000
const day = 24 * hour
export const renewalBatchSize = 500

/** Subscriptions renewing by themselves, with the moment their period ends. */
const renewing = (app: FastifyInstance) =>
  app.db
    .select({
      id: trialRequests.id,
      paidPlan: trialRequests.paidPlan,
      end: trialRequests.subscriptionEndDate,
      scheduledPlanId: autoRenewals.scheduledPlanId,
    })
    .from(trialRequests)
    .innerJoin(autoRenewals, eq(autoRenewals.trialRequestId, trialRequests.id))

const isRenewingActive = and(
  eq(autoRenewals.autoRenew, true),
  eq(autoRenewals.status, 'active'),
  eq(trialRequests.subscriptionStatus, 'active'),
  isNotNull(trialRequests.subscriptionEndDate),
)

// The period's renewal is not recorded yet (one row per period: payments_renewal_period_idx).
const hasNoRenewalRow = sql`not exists (select 1 from ${payments}
  where ${payments.trialRequestId} = ${trialRequests.id}
  and ${payments.renewsPeriodEnd} = ${trialRequests.subscriptionEndDate})`

/**
 * Records the renewals of the next `renewalBatchSize` auto-renewing subscriptions (by id, after `after`)
 * with less than a day left: one pending `payments` row per period at its plan's price (the plan
 * scheduled for it, which the subscription then moves onto), due at once. A second process
 * inserts nothing (ON CONFLICT on the period). Answers how many it recorded and the id the next
 * batch starts after, null when none is left.
 */
export async function recordDueRenewals(
  app: FastifyInstance,
  after: string | null,
): Promise<{ recorded: number; next: string | null }> {
  const now = app.now()
  const due = await renewing(app)
    .where(
      and(
        isRenewingActive,
        lt(
          trialRequests.subscriptionEndDate,
          new Date(now.getTime() + renewalChargeLeadHours * hour),
        ),
        hasNoRenewalRow,
        after ? gt(trialRequests.id, after) : undefined,
      ),
    )
    .orderBy(asc(trialRequests.id))
    .limit(renewalBatchSize)
  const rows = []
  for (const person of due) {
    const plan = await renewalPlanOf(app.db, person)
    if (!plan) {
      app.log.warn({ personId: person.id }, 'No plan to renew a subscription with; skipped')
      continue
    }
    const charge = renewalCharge(plan)
    rows.push({
      trialRequestId: person.id,
      planId: plan.id,
      planName: plan.name,
      ...charge,
      listAmountMinor: charge.amountMinor,
      provider: 'stripe' as const,
      kind: 'renewal' as const,
      renewsPeriodEnd: person.end!,
      retryAt: now,
      status: 'pending' as const,
      createdBy: 'system',
      createdAt: now,
      updatedAt: now,
    })
  }
  const inserted = rows.length
    ? await app.db
        .insert(payments)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: payments.id })
    : []
  const next = due.length < renewalBatchSize ? null : due.at(-1)!.id
  return { recorded: inserted.length, next }
}

/**
 * The notice `renewalNoticeDays` before a saved card is charged: when, how much and on which
 * card, with the link to turn renewal off; once per period. Answers how many it queued.
 */
export async function queueRenewalNotices(app: FastifyInstance): Promise<number> {
  const now = app.now()
  const { renewalNoticeDays } = await getRenewalSettings(app.db)
  const ahead = await renewing(app)
    .innerJoin(stripeCustomers, eq(stripeCustomers.trialRequestId, trialRequests.id))
    .where(
      and(
        isRenewingActive,
        isNotNull(stripeCustomers.paymentMethodId),
        // Before the charge (a day ahead), from the notice's day on.
        between(
          trialRequests.subscriptionEndDate,
          new Date(now.getTime() + renewalChargeLeadHours * hour),
          new Date(now.getTime() + renewalNoticeDays * day),
        ),
        hasNoRenewalRow,
        notToldYet('renewal_notice', trialRequests.id, trialRequests.subscriptionEndDate),
      ),
    )
  let queued = 0
  for (const person of ahead) {
    const plan = await renewalPlanOf(app.db, person)
    if (!plan) continue
    const { amountMinor, currency } = renewalCharge(plan)
    const renewal = {
      id: person.id,
      planName: plan.name,
      amountMinor,
      currency,
      personId: person.id,
      periodEnd: person.end!,
    }
    const sent = await app.db.transaction((tx) =>
      queueRenewalMessage(tx, app.config, 'renewal_notice', renewal, { endAt: person.end!, now }),
    )
    if (sent) queued += 1
  }
  return queued
}
