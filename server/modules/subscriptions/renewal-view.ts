import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import { formatCents } from '../../../common/money'
import { renewalChargeLeadHours, type StaffRenewal } from '../../../common/renewals'
import type { Db } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { renewalAttempts } from '../../db/schema/renewal-attempts'
import { stripeCustomers } from '../../db/schema/stripe-customers'
import { trialRequests } from '../../db/schema/trial-requests'
import { renewalPlanOf } from '../plans/renewal-plan'

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null

/** The renewal this period is being charged through, if a round made one. */
async function currentRenewalPayment(db: Db, personId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.trialRequestId, personId),
        eq(payments.kind, 'renewal'),
        isNotNull(payments.renewsPeriodEnd),
      ),
    )
    .orderBy(desc(payments.renewsPeriodEnd))
    .limit(1)
  return payment ?? null
}

/**
 * Where a person's automatic renewal stands, as staff see it (the customer sees the same less
 * the attempts and the card's removal): read from the choice, the saved card and the period's
 * renewal payment with its attempts.
 */
export async function readRenewal(db: Db, personId: string): Promise<StaffRenewal | null> {
  const [person] = await db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!person) return null
  const [[choice], [customer], renewalPayment] = await Promise.all([
    db.select().from(autoRenewals).where(eq(autoRenewals.trialRequestId, personId)),
    db.select().from(stripeCustomers).where(eq(stripeCustomers.trialRequestId, personId)),
    currentRenewalPayment(db, personId),
  ])
  const isOpen = renewalPayment?.status === 'pending'
  const attempts = renewalPayment
    ? await db
        .select()
        .from(renewalAttempts)
        .where(eq(renewalAttempts.paymentId, renewalPayment.id))
        .orderBy(asc(renewalAttempts.number))
    : []
  const autoRenew = choice?.autoRenew ?? false
  const scheduledPlanId = choice?.scheduledPlanId ?? null
  // A plan chosen for the next period is shown whether renewal is on or not: turned on, it moves.
  const next = await renewalPlanOf(db, { ...person, scheduledPlanId })
  const scheduled = next && next.id === scheduledPlanId ? next : null
  const plan = autoRenew ? next : null
  const end = person.subscriptionEndDate
  const lastDecline = isOpen ? attempts.findLast((attempt) => attempt.outcome === 'declined') : null
  const card =
    customer?.paymentMethodId && customer.cardBrand && customer.cardLast4
      ? {
          brand: customer.cardBrand,
          last4: customer.cardLast4,
          expMonth: customer.cardExpMonth!,
          expYear: customer.cardExpYear!,
        }
      : null
  const charged = isOpen
    ? { amount: formatCents(renewalPayment.amountMinor), currency: renewalPayment.currency }
    : plan
      ? { amount: plan.price, currency: plan.currency }
      : { amount: null, currency: null }
  return {
    autoRenew,
    status: choice?.status ?? 'off',
    nextChargeAt:
      autoRenew && end && !lastDecline
        ? new Date(end.getTime() - renewalChargeLeadHours * 3_600_000).toISOString()
        : null,
    ...(autoRenew ? charged : { amount: null, currency: null }),
    planId: autoRenew ? ((isOpen ? renewalPayment.planId : null) ?? plan?.id ?? null) : null,
    paymentMethod: card,
    nextAttemptAt: isOpen ? iso(renewalPayment.retryAt) : null,
    lastFailure: lastDecline
      ? {
          code: lastDecline.code ?? 'card_declined',
          message: lastDecline.message ?? 'The card was declined.',
          at: lastDecline.attemptedAt.toISOString(),
        }
      : null,
    scheduledPlan:
      scheduled && end
        ? { planId: scheduled.id, name: scheduled.name, from: end.toISOString() }
        : await paidInAdvance(db, person),
    attempts: attempts.map((attempt) => ({
      number: attempt.number,
      at: attempt.attemptedAt.toISOString(),
      outcome: attempt.outcome,
      code: attempt.code,
      message: attempt.message,
    })),
    cardRemovedAt: iso(customer?.cardRemovedAt),
  }
}

/** Another plan staff were paid for, starting when the running period ends (decision 0062). */
async function paidInAdvance(db: Db, person: typeof trialRequests.$inferSelect) {
  const { scheduledPaidPlan: name, scheduledPlanFrom: from } = person
  if (!name || !from) return null
  const [plan] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.name, name))
    .orderBy(desc(plans.active), asc(plans.sortOrder))
    .limit(1)
  return plan ? { planId: plan.id, name, from: from.toISOString() } : null
}

/** The customer's view of it: no attempt list, no word of Stripe's removal. */
export function customerRenewal({
  attempts: _attempts,
  cardRemovedAt: _removed,
  ...renewal
}: StaffRenewal) {
  return renewal
}
