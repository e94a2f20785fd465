import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm'
import { type AccountPayment, type CustomerAccount } from '../../../common/customer-account'
import { xtreamServerUrl } from '../../../common/m3u'
import { formatCents } from '../../../common/money'
import { checkoutProviders, providerLabels, type CheckoutProvider } from '../../../common/payments'
import { billingMonths } from '../../../common/plan-rules'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { personScreens } from '../plans/plan-connections'
import { customerRenewal, readRenewal } from '../subscriptions/renewal-view'

// Abandoned checkouts (expired, failed) are no payment to the customer: the list leaves them out.
const shownStatuses = ['pending', 'paid', 'refunded', 'partially_refunded', 'needs_review'] as const

const iso = (date: Date | null) => date?.toISOString() ?? null

/** Every plan on sale, each with its term: a renewal may move to another (decision 0053). */
async function activePlans(db: Db): Promise<CustomerAccount['plans']> {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.active, true))
    .orderBy(asc(plans.sortOrder), asc(plans.name))
  return rows.map((plan) => ({
    id: plan.id,
    name: plan.name,
    months: billingMonths[plan.billingPeriod],
    price: plan.price,
    currency: plan.currency,
  }))
}

type ShownPayment = AccountPayment & { planId: string | null }

async function paymentsOf(db: Db, personId: string): Promise<ShownPayment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.trialRequestId, personId), inArray(payments.status, [...shownStatuses])))
    .orderBy(desc(payments.createdAt))
    .limit(100)
  return rows.map((row) => ({
    id: row.id,
    paidAt: iso(row.paidAt),
    amount: formatCents(row.amountMinor),
    currency: row.currency,
    months: row.months,
    status: row.status,
    receiptNumber: row.receiptNumber,
    refundedAmount: formatCents(row.refundedMinor),
    refundedAt: iso(row.refundedAt),
    isSavingCard: row.savesCard && row.status === 'paid' && row.cardTakenAt === null,
    planId: row.planId,
  }))
}

/**
 * The plan the renew panel starts on: the one last paid for, plan and term, while on sale; else
 * the first on sale with the name of the plan they are on, or a trial's plan asked for.
 */
function renewPlanOf(
  planList: CustomerAccount['plans'],
  paymentList: ShownPayment[],
  planName: string,
): string | null {
  const onSale = new Set(planList.map((plan) => plan.id))
  const lastPaid = paymentList.find((payment) => payment.paidAt && payment.planId)
  if (lastPaid?.planId && onSale.has(lastPaid.planId)) return lastPaid.planId
  return planList.find((plan) => plan.name === planName)?.id ?? null
}

async function lineOf(
  db: Db,
  personId: string,
  planName: string,
): Promise<CustomerAccount['line']> {
  // A line the panel has made (or may have): one still being made has no login to show yet.
  const [line] = await db
    .select()
    .from(m3uLines)
    .where(
      and(
        eq(m3uLines.trialRequestId, personId),
        or(isNotNull(m3uLines.supplierId), eq(m3uLines.status, 'checking')),
      ),
    )
  if (!line?.username || !line.password) return null
  return {
    serverUrl: xtreamServerUrl(line.m3uUrl),
    username: line.username,
    password: line.password,
    m3uUrl: line.m3uUrl,
    expiresAt: iso(line.expiresAt),
    maxConnections: await personScreens(db, line, planName),
    status: line.isEnabled ? 'active' : 'disabled',
  }
}

/** Everything the signed-in customer's page shows of them, and what they may buy. */
export async function readAccount(
  db: Db,
  personId: string,
  enabledProviders: Record<CheckoutProvider, boolean>,
): Promise<CustomerAccount> {
  const [person] = await db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Your account no longer exists')
  const planName = person.paidPlan ?? person.plan
  const [line, paymentList, planList, renewal] = await Promise.all([
    lineOf(db, personId, planName),
    paymentsOf(db, personId),
    activePlans(db),
    readRenewal(db, personId),
  ])
  const isTrial = person.subscriptionStatus === 'trial'
  return {
    person: { firstName: person.firstName, lastName: person.lastName, email: person.email },
    subscription: {
      status: person.subscriptionStatus,
      planName,
      isTrial,
      // A trial runs from its login's arrival: its line's expiry is its end.
      endsAt: (isTrial ? line?.expiresAt : null) ?? iso(person.subscriptionEndDate),
      renewPlanId: renewPlanOf(planList, paymentList, planName),
    },
    line,
    renewal: customerRenewal(renewal!),
    payments: paymentList.map(({ planId: _planId, ...payment }) => payment),
    plans: planList,
    providers: checkoutProviders
      .filter((provider) => enabledProviders[provider])
      .map((provider) => ({ id: provider, name: providerLabels[provider] })),
  }
}
