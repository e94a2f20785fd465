import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accountPaths, returnedPaymentParam } from '../../../../common/customer-account'
import { formatCents } from '../../../../common/money'
import { billingMonths } from '../../../../common/plan-rules'
import type { PlanChangeAnswer } from '../../../../common/renewals'
import type { Db } from '../../../db/client'
import { payments } from '../../../db/schema/payments'
import { renewalAttempts } from '../../../db/schema/renewal-attempts'
import { stripeCustomers } from '../../../db/schema/stripe-customers'
import { trialRequests } from '../../../db/schema/trial-requests'
import { conflict, notFound } from '../../../lib/http-error'
import { recordAudit } from '../../audit/audit.service'
import { auditAction } from '../../audit/command'
import { scheduleRenewalPlan } from '../../subscriptions/renewal-choice'
import { renewalPlanOf } from '../../plans/renewal-plan'
import { findActivePlan, listAmountMinor } from '../checkout-price'
import { startCheckout } from '../checkout.service'
import { closeWithin } from '../close-payment'
import { systemPaymentContext, type AppContext } from '../payment-context'
import { cardVaultFor } from '../providers/payment-providers'
import { settlePayment } from '../settle-payment'

/** Stripe charges no less than this (50 cents in EUR and USD). */
const smallestChargeMinor = 50

export type PlanChangeOutcome =
  | { outcome: 'changed'; answer: PlanChangeAnswer }
  /** No saved card: pay for the plan on Stripe's page instead (409). */
  | { outcome: 'pay_link'; message: string; checkoutUrl: string }
  /** The card declined the difference (402): nothing changed. */
  | { outcome: 'declined'; message: string }

type Plan = Awaited<ReturnType<typeof findActivePlan>>

const periodMinor = (plan: Plan) => listAmountMinor(plan, billingMonths[plan.billingPeriod])

/** Whether `next` costs more a month than `current` (compared without rounding). */
const isDearer = (next: Plan, current: Plan) =>
  periodMinor(next) * billingMonths[current.billingPeriod] >
  periodMinor(current) * billingMonths[next.billingPeriod]

/**
 * The unused share of the period paid last, in minor units: what was paid for it, times the part
 * of it still to come (never more than was paid, nor less than nothing).
 */
async function unusedCredit(db: Db, personId: string, end: Date, now: Date): Promise<number> {
  const [last] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.trialRequestId, personId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1)
  if (!last?.periodStart || !last.newEnd) return 0
  const length = last.newEnd.getTime() - last.periodStart.getTime()
  const left = Math.min(end.getTime() - now.getTime(), length)
  return length > 0 && left > 0 ? Math.floor((last.amountMinor * left) / length) : 0
}

const customerActor = { id: null, username: 'customer' }

// The customer's own, written with the schedule or with the charge's attempt.
export const planChangeAction = auditAction('trial_request', 'plan_change')

async function recordChange(tx: Db, personId: string, planName: string, now: Date) {
  await recordAudit(tx, {
    actor: customerActor,
    action: planChangeAction.action,
    entityType: planChangeAction.entity,
    entityId: personId,
    details: { plan: planName },
    now,
  })
}

/**
 * The customer changes plan (issue 43, item 4; decision 0061). A plan no dearer a month is
 * scheduled for the next renewal (their own plan again cancels a schedule). A dearer one starts a
 * new period of it now: the unused share of the current period is credited and the rest charged
 * to the saved card off-session: a payment (kind purchase, its period starting now) and its one
 * attempt are written before Stripe is called, under the key {payment}-1, and the charge settles
 * through the one settle step, which moves the line onto the plan. Without a saved card, the
 * answer is a pay link for the plan instead; a decline changes nothing.
 */
export async function changePlan(
  ctx: AppContext,
  { personId, planId }: { personId: string; planId: string },
): Promise<PlanChangeOutcome> {
  const now = ctx.now()
  const plan = await findActivePlan(ctx.db, planId)
  const [person] = await ctx.db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const end = person.subscriptionEndDate
  if (person.subscriptionStatus !== 'active' || !person.paidPlan || !end || end <= now) {
    throw conflict('Only a running paid subscription can change plan: renew it first.')
  }
  const current = await renewalPlanOf(ctx.db, { ...person, scheduledPlanId: null })
  if (current && current.currency !== plan.currency) {
    throw conflict(`${plan.name} is priced in ${plan.currency}, your plan in ${current.currency}.`)
  }
  const fullPrice = periodMinor(plan)
  const credit = await unusedCredit(ctx.db, personId, end, now)
  const atPeriodEnd = {
    outcome: 'changed' as const,
    answer: {
      effective: 'period_end' as const,
      chargedMinor: 0,
      creditMinor: 0,
      newEnd: end.toISOString(),
    },
  }
  // No dearer a month, or so little left to pay that the credit covers it: from the next renewal.
  if (!current || !isDearer(plan, current) || fullPrice - credit < smallestChargeMinor) {
    await ctx.db.transaction(async (tx) => {
      await scheduleRenewalPlan(tx, personId, plan.id === current?.id ? null : plan.id, now)
      await recordChange(tx, personId, plan.name, now)
    })
    return atPeriodEnd
  }

  const vault = cardVaultFor(ctx.app)
  const [saved] = await ctx.db
    .select()
    .from(stripeCustomers)
    .where(eq(stripeCustomers.trialRequestId, personId))
  if (!vault || !saved?.paymentMethodId) return payLink(ctx.app, personId, plan)

  const months = billingMonths[plan.billingPeriod]
  const charged = fullPrice - credit
  const payment = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        trialRequestId: personId,
        planId: plan.id,
        planName: plan.name,
        months,
        listAmountMinor: fullPrice,
        discountMinor: credit,
        amountMinor: charged,
        currency: plan.currency,
        provider: 'stripe',
        kind: 'purchase',
        // Set before it is paid: the settle step starts the new period here, not at the end.
        periodStart: now,
        status: 'pending',
        createdBy: 'customer',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    await tx.insert(renewalAttempts).values({ paymentId: row!.id, number: 1, attemptedAt: now })
    return row!
  })
  const result = await vault.chargeSavedCard({
    customerId: saved.customerId,
    paymentMethodId: saved.paymentMethodId,
    amountMinor: charged,
    currency: plan.currency,
    description: `${plan.name} from now, ${formatCents(credit)} ${plan.currency} of the current period credited`,
    paymentId: payment.id,
    attempt: 1,
  })
  const attempt = and(eq(renewalAttempts.paymentId, payment.id), eq(renewalAttempts.number, 1))
  if (result.outcome === 'declined') {
    await ctx.db.transaction(async (tx) => {
      const decided = ctx.now()
      await tx
        .update(renewalAttempts)
        .set({
          outcome: 'declined',
          code: result.code,
          message: result.message,
          decidedAt: decided,
        })
        .where(attempt)
      const reason = `The card was declined (${result.code})`
      await closeWithin(tx, payment.id, { status: 'failed', reason, now: decided })
    })
    return { outcome: 'declined', message: `Your card was declined: ${result.message}` }
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(renewalAttempts)
      .set({
        outcome: 'succeeded',
        providerPaymentId: result.providerPaymentId,
        decidedAt: ctx.now(),
      })
      .where(attempt)
    await scheduleRenewalPlan(tx, personId, null, now)
    await recordChange(tx, personId, plan.name, now)
  })
  await settlePayment(systemPaymentContext(ctx.app), payment.id, {
    amountMinor: charged,
    currency: plan.currency,
    providerPaymentId: result.providerPaymentId,
    via: 'stripe',
  })
  const [settled] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id))
  return {
    outcome: 'changed',
    answer: {
      effective: 'now',
      chargedMinor: charged,
      creditMinor: credit,
      newEnd: (settled?.newEnd ?? end).toISOString(),
    },
  }
}

/** A checkout for the plan at its full price, as the customer's own renew panel makes it. */
async function payLink(app: FastifyInstance, personId: string, plan: Plan) {
  const { checkoutUrl } = await startCheckout(
    app,
    personId,
    { planId: plan.id, provider: 'stripe', discountCode: null, months: undefined },
    {
      createdBy: 'customer',
      inTransaction: (record) => app.db.transaction(record),
      returnTo: (id) => ({
        success: `${accountPaths.account}?${returnedPaymentParam}=${encodeURIComponent(id)}`,
        cancelled: accountPaths.account,
      }),
    },
  )
  return {
    outcome: 'pay_link' as const,
    message: `There is no saved card to charge for ${plan.name} now. Pay for it on the next page instead: it runs on from the end of your current period.`,
    checkoutUrl,
  }
}
