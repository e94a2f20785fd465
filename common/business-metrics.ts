import { z } from 'zod'

/** The longest range one answer covers: five years of months. */
export const maxMetricMonths = 60

const monthText = /^\d{4}-(0[1-9]|1[0-2])$/

const month = (field: 'from' | 'to') =>
  z
    .string({ error: `${field} must be a month such as 2025-01` })
    .regex(monthText, `${field} must be a month such as 2025-01`)

/** Months are counted from year 0 so that ranges are plain subtraction. */
export function monthIndex(value: string): number {
  const [year, monthOfYear] = value.split('-').map(Number)
  return year! * 12 + monthOfYear! - 1
}

/** "2025-01" from a month index. */
export function monthName(index: number): string {
  const year = Math.floor(index / 12)
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/**
 * GET /api/metrics/subscriptions(.csv): both months inclusive; absent, the twelve months up to
 * this one in the business time zone.
 */
export const subscriptionMetricsQuery = z
  .object({ from: month('from').optional(), to: month('to').optional() })
  .superRefine(({ from, to }, context) => {
    if (!from || !to) return
    const span = monthIndex(to) - monthIndex(from) + 1
    if (span < 1)
      context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' })
    if (span > maxMetricMonths) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `to must be at most ${maxMetricMonths} months after from`,
      })
    }
  })
export type SubscriptionMetricsQuery = z.infer<typeof subscriptionMetricsQuery>

const money = z.string()
const rate = z.number().min(0).max(1).nullable()

/** One calendar month of the owner's numbers (definitions: `metricDefinitions`). */
export const subscriptionMetricsMonth = z.object({
  month: z.string(),
  mrr: money,
  newMrr: money,
  expansionMrr: money,
  contractionMrr: money,
  churnedMrr: money,
  reactivationMrr: money,
  netNewMrr: money,
  payingCustomers: z.number().int(),
  churnedCustomers: z.number().int(),
  /** Of the churned: those who stopped by choice (the sum of the two is churnedCustomers). */
  voluntaryChurnedCustomers: z.number().int(),
  /** Of the churned: those whose renewal ended unpaid after its retries. */
  involuntaryChurnedCustomers: z.number().int(),
  customerChurnRate: rate,
  failedRenewals: z.number().int(),
  recoveredRenewals: z.number().int(),
  cash: money,
  refunds: money,
  recognised: money,
  deferred: money,
  trialsStarted: z.number().int(),
  trialsConverted: z.number().int(),
  trialConversionRate: rate,
})
export type SubscriptionMetricsMonth = z.infer<typeof subscriptionMetricsMonth>

/**
 * The figures at the moment of the answer, not at a month's end: MRR and paying customers of
 * the paid periods running now (`metricDefinitions.mrr`'s rule at this instant).
 */
export const subscriptionMetricsNow = z.object({
  /** The moment, ISO 8601 in UTC. */
  at: z.string(),
  mrr: money,
  payingCustomers: z.number().int(),
})
export type SubscriptionMetricsNow = z.infer<typeof subscriptionMetricsNow>

export const subscriptionMetrics = z.object({
  /** The business time zone the months were counted in. */
  timeZone: z.string(),
  /** The plans' currency every amount is in. */
  currency: z.string(),
  /** The month the answer's moment falls in ("2025-01"): its figures are so far, not final. */
  currentMonth: z.string(),
  now: subscriptionMetricsNow,
  /** Automatic renewals due in the next 30 days (`upcomingRenewalsDefinition`). */
  upcomingRenewals: z.object({ count: z.number().int(), amount: money }),
  months: z.array(subscriptionMetricsMonth),
})
export type SubscriptionMetrics = z.infer<typeof subscriptionMetrics>

/**
 * What each figure means, in one sentence: the Financials page shows it on hover, and the CSV
 * and README say the same.
 */
export const metricDefinitions: Record<Exclude<keyof SubscriptionMetricsMonth, 'month'>, string> = {
  mrr: 'Monthly recurring revenue at the month’s last instant: each paid period running then, at its amount divided by its months.',
  newMrr: 'MRR from people who paid for the first time ever this month.',
  expansionMrr: 'MRR added by people who already paid and now pay more a month (an upgrade).',
  contractionMrr:
    'MRR lost by people who still pay, but less a month than at the end of the month before (a downgrade).',
  churnedMrr:
    'MRR lost from people who paid at the end of the month before and have no paid period running at its end.',
  reactivationMrr: 'MRR from people who had paid before, had lapsed, and pay again.',
  netNewMrr: 'New + expansion + reactivation − contraction − churn: how much MRR grew this month.',
  payingCustomers: 'People with a paid period running at the month’s end.',
  churnedCustomers:
    'People who paid at the end of the month before and not at the end of this one.',
  voluntaryChurnedCustomers:
    'Churned customers who stopped by choice: automatic renewal turned off (by them or staff), or no renewal paid by someone who renews by hand.',
  involuntaryChurnedCustomers:
    'Churned customers whose automatic renewal ended unpaid: their card was declined through every retry.',
  failedRenewals:
    'Automatic renewals that ended unpaid after their retries, in the month of the end they were to continue.',
  recoveredRenewals:
    'Automatic renewals paid this month after at least one declined attempt: money a retry or a new card saved.',
  customerChurnRate:
    'Churned customers divided by the paying customers at the end of the month before.',
  cash: 'Money received this month, less the refunds made this month.',
  refunds: 'Money given back this month.',
  recognised:
    'Revenue earned this month: each paid period’s amount times the share of its time that falls in the month.',
  deferred: 'Cash received to date not yet earned: service still owed for periods paid in advance.',
  trialsStarted: 'Trials requested this month (people brought in by import are not trials).',
  trialsConverted:
    'Of this month’s trials, those whose person has paid since, so an old month can still rise.',
  trialConversionRate: 'Trials converted divided by trials started in the month.',
}

/** `upcomingRenewals` of the answer, for the owner's card and the README. */
export const upcomingRenewalsDefinition =
  'Subscriptions renewing automatically whose end falls in the next 30 days, each at the price of the plan it renews on. The amount sums those in the figures’ currency.'

/** The figures at this moment (`subscriptionMetricsNow`), for a period that runs to now. */
export const nowDefinitions: Record<'mrr' | 'payingCustomers', string> = {
  mrr: 'Monthly recurring revenue at this moment: each paid period running then, at its amount divided by its months (a month’s own MRR is taken at its last instant).',
  payingCustomers: 'People with a paid period running at this moment.',
}
