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

// Abandoned checkouts (expired, failed) are no payment to the customer: the list leaves them out.
const shownStatuses = ['pending', 'paid', 'refunded', 'partially_refunded', 'needs_review'] as const

const iso = (date: Date | null) => date?.toISOString() ?? null

/** The plans a customer may pay for: a paying customer renews their own plan (renewal-plan.ts). */
async function plansFor(db: Db, paidPlan: string | null): Promise<CustomerAccount['plans']> {
  const rows = await db
    .select()
    .from(plans)
    .where(and(eq(plans.active, true), paidPlan ? eq(plans.name, paidPlan) : undefined))
    .orderBy(asc(plans.sortOrder), asc(plans.name))
  return rows.map((plan) => ({
    id: plan.id,
    name: plan.name,
    months: billingMonths[plan.billingPeriod],
    price: plan.price,
    currency: plan.currency,
  }))
}

async function paymentsOf(db: Db, personId: string): Promise<AccountPayment[]> {
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
  }))
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
  const [line, paymentList, planList] = await Promise.all([
    lineOf(db, personId, person.paidPlan ?? person.plan),
    paymentsOf(db, personId),
    plansFor(db, person.paidPlan),
  ])
  const isTrial = person.subscriptionStatus === 'trial'
  return {
    person: { firstName: person.firstName, lastName: person.lastName, email: person.email },
    subscription: {
      status: person.subscriptionStatus,
      planName: person.paidPlan ?? person.plan,
      isTrial,
      // A trial runs from its login's arrival: its line's expiry is its end.
      endsAt: (isTrial ? line?.expiresAt : null) ?? iso(person.subscriptionEndDate),
    },
    line,
    payments: paymentList,
    plans: planList,
    providers: checkoutProviders
      .filter((provider) => enabledProviders[provider])
      .map((provider) => ({ id: provider, name: providerLabels[provider] })),
  }
}
