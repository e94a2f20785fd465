import type { SubscriptionMetricsMonth } from '@common/business-metrics'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { formatMoneyIn } from '@/lib/format'
import { formatRate } from '../metrics-period'
import { monthLabel } from '../revenue-format'
import { MetricTerm, type MetricName } from './metric-term'

type Column = {
  metric: MetricName
  label: string
  show: (month: SubscriptionMetricsMonth, currency: string) => string
}

type MonthMetric = MetricName & keyof SubscriptionMetricsMonth

type MoneyMetric = {
  [K in MonthMetric]: SubscriptionMetricsMonth[K] extends string ? K : never
}[MonthMetric]

const count = (metric: MonthMetric) => (month: SubscriptionMetricsMonth) => String(month[metric])

const money = (metric: MoneyMetric) => (month: SubscriptionMetricsMonth, currency: string) =>
  formatMoneyIn(month[metric], currency)

const columns: Column[] = [
  { metric: 'mrr', label: 'MRR', show: money('mrr') },
  { metric: 'newMrr', label: 'New', show: money('newMrr') },
  { metric: 'expansionMrr', label: 'Expansion', show: money('expansionMrr') },
  { metric: 'reactivationMrr', label: 'Reactivation', show: money('reactivationMrr') },
  { metric: 'contractionMrr', label: 'Contraction', show: money('contractionMrr') },
  { metric: 'churnedMrr', label: 'Churn', show: money('churnedMrr') },
  { metric: 'netNewMrr', label: 'Net new MRR', show: money('netNewMrr') },
  { metric: 'payingCustomers', label: 'Paying', show: (m) => String(m.payingCustomers) },
  {
    metric: 'customerChurnRate',
    label: 'Churn rate',
    show: (m) => formatRate(m.customerChurnRate),
  },
  {
    metric: 'voluntaryChurnedCustomers',
    label: 'Left by choice',
    show: count('voluntaryChurnedCustomers'),
  },
  {
    metric: 'involuntaryChurnedCustomers',
    label: 'Card failed',
    show: count('involuntaryChurnedCustomers'),
  },
  { metric: 'failedRenewals', label: 'Renewals failed', show: count('failedRenewals') },
  { metric: 'recoveredRenewals', label: 'Renewals recovered', show: count('recoveredRenewals') },
  { metric: 'cash', label: 'Cash', show: money('cash') },
  { metric: 'refunds', label: 'Refunds', show: money('refunds') },
  { metric: 'recognised', label: 'Recognised', show: money('recognised') },
  { metric: 'deferred', label: 'Deferred', show: money('deferred') },
  { metric: 'trialsStarted', label: 'Trials', show: (m) => String(m.trialsStarted) },
  { metric: 'trialsConverted', label: 'Converted', show: (m) => String(m.trialsConverted) },
  {
    metric: 'trialConversionRate',
    label: 'Conversion',
    show: (m) => formatRate(m.trialConversionRate),
  },
]

/**
 * The period month by month, newest first: movements, customers, cash and trial cohorts;
 * `currentMonth` is marked "so far".
 */
export function SubscriptionMonthsTable({
  months,
  currency,
  currentMonth,
}: {
  months: SubscriptionMetricsMonth[]
  currency: string
  currentMonth: string
}) {
  return (
    <Table isCardsOnPhone>
      <TableCaption className="sr-only">Subscription metrics by month</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Month</TableHead>
          {columns.map(({ metric, label }) => (
            <TableHead key={metric} className="text-right whitespace-nowrap">
              <MetricTerm metric={metric} label={label} />
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {months.toReversed().map((month) => (
          <TableRow key={month.month}>
            <TableCell className="font-medium whitespace-nowrap">
              {monthLabel(month.month, currentMonth)}
            </TableCell>
            {columns.map(({ metric, label, show }) => (
              <TableCell key={metric} data-label={label} className="text-right tabular-nums">
                {show(month, currency)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
