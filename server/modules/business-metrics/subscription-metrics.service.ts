import { asc, desc, isNotNull } from 'drizzle-orm'
import {
  monthIndex,
  monthName,
  type SubscriptionMetrics,
  type SubscriptionMetricsQuery,
} from '../../../common/business-metrics'
import { formatCents } from '../../../common/money'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { getPlatformSettings } from '../settings/settings.service'
import { renewalMonths, upcomingRenewals, type RenewalMonth } from './renewal-figures.query'
import { figuresAt, keepMonthsIn, monthSums, type MonthSums } from './subscription-metrics.query'

/** The month `at` falls in, in `timeZone` ("2025-01"). */
export function monthAt(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}`
}

/** The months asked for; absent, the twelve up to the one `now` falls in. */
export function monthRange(
  { from, to }: SubscriptionMetricsQuery,
  now: Date,
  timeZone: string,
): { first: string; count: number } {
  const last = to
    ? monthIndex(to)
    : from
      ? monthIndex(from) + 11
      : monthIndex(monthAt(now, timeZone))
  const start = from ? monthIndex(from) : last - 11
  return { first: `${monthName(start)}-01`, count: last - start + 1 }
}

/**
 * There is no currency setting: the currency money last came in (a payment records its plan's),
 * else the active plans', else a plan's default. Plans in several currencies make one sum of
 * different monies; the figures assume one.
 */
async function figuresCurrency(db: Db): Promise<string> {
  const [payment] = await db
    .select({ currency: payments.currency })
    .from(payments)
    .where(isNotNull(payments.periodStart))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1)
  if (payment) return payment.currency.toUpperCase()
  const [plan] = await db
    .select({ currency: plans.currency })
    .from(plans)
    .orderBy(desc(plans.active), asc(plans.createdAt))
    .limit(1)
  return (plan?.currency ?? String(plans.currency.default)).toUpperCase()
}

const cents = (value: string) => formatCents(Number(value))
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null)

function presentMonth(row: MonthSums, renewals: RenewalMonth | undefined) {
  const churnedMrr = Number(row.churned_mrr)
  const contraction = Number(row.contraction_mrr)
  const moves = [row.new_mrr, row.expansion_mrr, row.reactivation_mrr].map(Number)
  const churned = Number(row.churned)
  const started = Number(row.trials_started)
  const converted = Number(row.trials_converted)
  const refunds = Number(row.refunds)
  const involuntary = Number(renewals?.involuntary ?? 0)
  return {
    month: row.month,
    mrr: cents(row.mrr),
    newMrr: cents(row.new_mrr),
    expansionMrr: cents(row.expansion_mrr),
    contractionMrr: formatCents(contraction),
    churnedMrr: formatCents(churnedMrr),
    reactivationMrr: cents(row.reactivation_mrr),
    netNewMrr: formatCents(moves[0]! + moves[1]! + moves[2]! + contraction + churnedMrr),
    payingCustomers: Number(row.paying),
    churnedCustomers: churned,
    voluntaryChurnedCustomers: churned - involuntary,
    involuntaryChurnedCustomers: involuntary,
    failedRenewals: Number(renewals?.failed ?? 0),
    recoveredRenewals: Number(renewals?.recovered ?? 0),
    customerChurnRate: ratio(churned, Number(row.paying_before)),
    cash: formatCents(Number(row.gross_cash) - refunds),
    refunds: formatCents(-refunds),
    recognised: cents(row.recognised),
    deferred: cents(row.deferred),
    trialsStarted: started,
    trialsConverted: converted,
    trialConversionRate: ratio(converted, started),
  }
}

/** GET /api/metrics/subscriptions: every month of the range once, oldest first. */
export async function subscriptionMetrics(
  db: Db,
  query: SubscriptionMetricsQuery,
  now: Date,
): Promise<SubscriptionMetrics> {
  const { timeZone } = await getPlatformSettings(db)
  const range = monthRange(query, now, timeZone)
  await keepMonthsIn(db, timeZone)
  const [rows, renewalRows, currency, atNow] = await Promise.all([
    monthSums(db, range),
    renewalMonths(db, range, timeZone),
    figuresCurrency(db),
    figuresAt(db, now),
  ])
  const renewals = new Map(renewalRows.map((row) => [row.month, row]))
  const upcoming = await upcomingRenewals(db, now, currency)
  return {
    timeZone,
    currency,
    currentMonth: monthAt(now, timeZone),
    now: { at: now.toISOString(), mrr: formatCents(atNow.mrr), payingCustomers: atNow.paying },
    upcomingRenewals: { count: upcoming.count, amount: formatCents(upcoming.amountMinor) },
    months: rows.map((row) => presentMonth(row, renewals.get(row.month))),
  }
}

/**
 * Builds the kept monthly sums, or rebuilds them after the business time zone changed, so the
 * owner's next read need not wait for it; a look at two rows when they are current.
 */
export async function keepSubscriptionMetricsCurrent(db: Db): Promise<void> {
  const { timeZone } = await getPlatformSettings(db)
  await keepMonthsIn(db, timeZone)
}
