import { maxMetricMonths, monthIndex, monthName } from '@common/business-metrics'
import type { SubscriptionMetricsMonth } from '@common/business-metrics'
import { formatCents } from '@common/money'
import { centsOf } from './revenue-format'

/** Both months inclusive, "YYYY-MM". */
export type MetricsPeriod = { from: string; to: string }

export const periodPresets = [3, 6, 12] as const

/**
 * This month as "YYYY-MM" in the business time zone, once the API has named it; in the browser's
 * calendar until then.
 */
export function currentMonth(now = new Date(), timeZone?: string): string {
  if (!timeZone) return monthName(now.getFullYear() * 12 + now.getMonth())
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now)
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return monthName(part('year') * 12 + part('month') - 1)
}

/** A preset's number of months up to this one, or months chosen from–to. */
export type PeriodChoice = number | MetricsPeriod

export const periodOf = (choice: PeriodChoice, thisMonth: string): MetricsPeriod =>
  typeof choice === 'number' ? lastMonths(choice, thisMonth) : choice

/** The last `months` months, this one included. */
export function lastMonths(months: number, thisMonth = currentMonth()): MetricsPeriod {
  const to = monthIndex(thisMonth)
  return { from: monthName(to - months + 1), to: thisMonth }
}

export function periodLength({ from, to }: MetricsPeriod): number {
  return monthIndex(to) - monthIndex(from) + 1
}

/**
 * One request covers the period, the previous one, and the month before that (whose paying
 * customers the previous period's churn rate divides by), so a period is at most 29 months.
 */
export const maxPeriodMonths = Math.floor((maxMetricMonths - 1) / 2)

/** The months to ask the API for: the month before the previous period through the period. */
export function requestedRange(period: MetricsPeriod): MetricsPeriod {
  return { from: monthName(monthIndex(period.from) - periodLength(period) - 1), to: period.to }
}

/** Why a custom range cannot be asked for, or null when it can. */
export function periodProblem({ from, to }: MetricsPeriod): string | null {
  if (!/^\d{4}-\d{2}$/.test(from) || !/^\d{4}-\d{2}$/.test(to)) return 'Choose both months.'
  const length = periodLength({ from, to })
  if (length < 1) return 'The last month must not be before the first.'
  if (length > maxPeriodMonths) return `Choose at most ${maxPeriodMonths} months.`
  return null
}

const sumCents = (
  months: SubscriptionMetricsMonth[],
  pick: (m: SubscriptionMetricsMonth) => string,
) => formatCents(months.reduce((total, month) => total + centsOf(pick(month)), 0))

const sumCount = (
  months: SubscriptionMetricsMonth[],
  pick: (m: SubscriptionMetricsMonth) => number,
) => months.reduce((total, month) => total + pick(month), 0)

/**
 * The answer to `requestedRange` cut into the period, the previous one, and their summaries.
 * The period is read off the answer itself (its last 2n + 1 months), so that an answer kept on
 * screen while another period loads is still cut as it was asked for.
 */
export function splitPeriods(months: SubscriptionMetricsMonth[]) {
  const length = Math.floor((months.length - 1) / 2)
  const previous = months.slice(1, length + 1)
  const current = months.slice(length + 1)
  return {
    current,
    summary: summarisePeriod(current, previous.at(-1)?.payingCustomers),
    previousSummary: summarisePeriod(previous, months[0]?.payingCustomers),
  }
}

/** A share, or null with nobody to divide by (as the API answers rates). */
const share = (part: number, whole: number) => (whole === 0 ? null : part / whole)

/** A period's figures: stocks at its last month's end, flows summed over its months. */
export type PeriodSummary = {
  mrr: string
  netNewMrr: string
  payingCustomers: number
  churnedCustomers: number
  voluntaryChurnedCustomers: number
  involuntaryChurnedCustomers: number
  failedRenewals: number
  recoveredRenewals: number
  customerChurnRate: number | null
  cash: string
  refunds: string
  recognised: string
  deferred: string
  trialsStarted: number
  trialsConverted: number
  trialConversionRate: number | null
}

/**
 * The period's customer churn rate is its churned customers over the paying customers at the
 * start of each of its months, the same fraction as each month's rate, pooled; the first month's
 * start comes from the month before, which the previous period's answer ends with.
 */
export function summarisePeriod(
  months: SubscriptionMetricsMonth[],
  payingBefore = 0,
): PeriodSummary | null {
  const last = months.at(-1)
  if (!last) return null
  const payingAtStarts =
    payingBefore + sumCount(months.slice(0, -1), (month) => month.payingCustomers)
  const churnedCustomers = sumCount(months, (month) => month.churnedCustomers)
  const trialsStarted = sumCount(months, (month) => month.trialsStarted)
  const trialsConverted = sumCount(months, (month) => month.trialsConverted)
  return {
    mrr: last.mrr,
    netNewMrr: sumCents(months, (month) => month.netNewMrr),
    payingCustomers: last.payingCustomers,
    churnedCustomers,
    voluntaryChurnedCustomers: sumCount(months, (month) => month.voluntaryChurnedCustomers),
    involuntaryChurnedCustomers: sumCount(months, (month) => month.involuntaryChurnedCustomers),
    failedRenewals: sumCount(months, (month) => month.failedRenewals),
    recoveredRenewals: sumCount(months, (month) => month.recoveredRenewals),
    customerChurnRate: share(churnedCustomers, payingAtStarts),
    cash: sumCents(months, (month) => month.cash),
    refunds: sumCents(months, (month) => month.refunds),
    recognised: sumCents(months, (month) => month.recognised),
    deferred: last.deferred,
    trialsStarted,
    trialsConverted,
    trialConversionRate: share(trialsConverted, trialsStarted),
  }
}

/** "12.5%", or a dash with nobody to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`
}
