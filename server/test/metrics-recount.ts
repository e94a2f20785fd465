import { monthIndex, monthName, type SubscriptionMetricsMonth } from '../../common/business-metrics'
import { formatCents } from '../../common/money'
import type { HistoryPerson } from './metrics-history'

/** The instant a month ("2025-03") begins in `timeZone`, found from Intl's offsets. */
export function monthStart(month: string, timeZone: string): Date {
  const [year, monthOfYear] = month.split('-').map(Number)
  const wall = Date.UTC(year!, monthOfYear! - 1, 1)
  const offset = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(at)
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
    const seen = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    )
    return seen - Math.floor(at / 1000) * 1000
  }
  let at = wall - offset(wall)
  at = wall - offset(at)
  return new Date(at)
}

/**
 * The owner's numbers recounted straight from the definitions (README, common/business-metrics.ts)
 * over a generated history, one person and one payment at a time: no SQL, no shared code with
 * the module under test beyond the month names and cent formatting.
 */
export function recountMetrics(
  history: HistoryPerson[],
  from: string,
  to: string,
  timeZone: string,
): SubscriptionMetricsMonth[] {
  const periods = history.flatMap((person, personIndex) =>
    person.payments.map((payment) => ({ ...payment, personIndex })),
  )
  const refunds = periods.flatMap((period) => period.refunds)
  const mrrAt = (personIndex: number, at: Date) =>
    periods
      .filter((p) => p.personIndex === personIndex && p.start < at && p.end >= at)
      .reduce((sum, p) => sum + Math.round(p.amountMinor / p.months), 0)
  const earnedBy = (p: (typeof periods)[number], at: Date) => {
    const share = (at.getTime() - p.start.getTime()) / (p.end.getTime() - p.start.getTime())
    return Math.round(p.amountMinor * Math.min(1, Math.max(0, share)))
  }
  const months: SubscriptionMetricsMonth[] = []
  for (let index = monthIndex(from); index <= monthIndex(to); index += 1) {
    const lo = monthStart(monthName(index), timeZone)
    const hi = monthStart(monthName(index + 1), timeZone)
    const moves = { new: 0, expansion: 0, contraction: 0, churn: 0, reactivation: 0 }
    let paying = 0
    let payingBefore = 0
    let churned = 0
    let mrr = 0
    history.forEach((_, personIndex) => {
      const a = mrrAt(personIndex, lo)
      const b = mrrAt(personIndex, hi)
      mrr += b
      if (a > 0) payingBefore += 1
      if (b > 0) paying += 1
      if (a === 0 && b > 0) {
        const hasPaidBefore = periods.some((p) => p.personIndex === personIndex && p.start < lo)
        moves[hasPaidBefore ? 'reactivation' : 'new'] += b
      } else if (a > 0 && b === 0) {
        moves.churn -= a
        churned += 1
      } else if (b > a) moves.expansion += b - a
      else if (a > b) moves.contraction += b - a
    })
    const within = (at: Date) => at >= lo && at < hi
    const gross = periods.filter((p) => within(p.paidAt)).reduce((s, p) => s + p.amountMinor, 0)
    const refunded = refunds.filter((r) => within(r.at)).reduce((s, r) => s + r.amountMinor, 0)
    const recognised = periods.reduce((s, p) => s + earnedBy(p, hi) - earnedBy(p, lo), 0)
    const cashToDate =
      periods.filter((p) => p.paidAt < hi).reduce((s, p) => s + p.amountMinor, 0) -
      refunds.filter((r) => r.at < hi).reduce((s, r) => s + r.amountMinor, 0)
    const earnedToDate = periods.reduce((s, p) => s + earnedBy(p, hi), 0)
    const trials = history.filter((person) => !person.isImported && within(person.trialAt))
    const converted = trials.filter((person) => person.payments.length > 0).length
    months.push({
      month: monthName(index),
      mrr: formatCents(mrr),
      newMrr: formatCents(moves.new),
      expansionMrr: formatCents(moves.expansion),
      contractionMrr: formatCents(moves.contraction),
      churnedMrr: formatCents(moves.churn),
      reactivationMrr: formatCents(moves.reactivation),
      netNewMrr: formatCents(
        moves.new + moves.expansion + moves.reactivation + moves.contraction + moves.churn,
      ),
      payingCustomers: paying,
      churnedCustomers: churned,
      // The generated history is bought by hand: no renewal fails, so every churn is by choice.
      voluntaryChurnedCustomers: churned,
      involuntaryChurnedCustomers: 0,
      failedRenewals: 0,
      recoveredRenewals: 0,
      customerChurnRate: payingBefore > 0 ? churned / payingBefore : null,
      cash: formatCents(gross - refunded),
      refunds: formatCents(-refunded),
      recognised: formatCents(recognised),
      deferred: formatCents(cashToDate - earnedToDate),
      trialsStarted: trials.length,
      trialsConverted: converted,
      trialConversionRate: trials.length > 0 ? converted / trials.length : null,
    })
  }
  return months
}
