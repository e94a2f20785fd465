import { BarChart3, Download } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { nowDefinitions } from '@common/business-metrics'
import { formatCents } from '@common/money'
import { ListLoadError } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { StatusMessage } from '@/components/status-message'
import { buttonVariants } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatMoneyIn } from '@/lib/format'
import { cn } from '@/lib/utils'
import { subscriptionMetricsCsvUrl, useSubscriptionMetrics } from '../api/get-subscription-metrics'
import {
  formatRate,
  currentMonth,
  periodOf,
  type PeriodChoice,
  requestedRange,
  splitPeriods,
  type PeriodSummary,
} from '../metrics-period'
import { centsOf, formatMonth } from '../revenue-format'
import { MetricCard } from './metric-card'
import { MetricsPeriodPicker } from './metrics-period-picker'
import { SubscriptionMonthsTable } from './subscription-months-table'

const MrrMovementsChart = lazy(() =>
  import('./mrr-movements-chart').then((module) => ({ default: module.MrrMovementsChart })),
)

const chartSkeleton = <Skeleton className="h-72 w-full" />

/** "+$12.00" / "-$3.00": a change, signed either way; zero has no sign. */
const signedMoney = (amount: string, currency: string) =>
  (amount.startsWith('-') || amount === '0.00' ? '' : '+') + formatMoneyIn(amount, currency)

function MrrChange({
  mrr,
  previous,
  currency,
}: {
  mrr: string
  previous: PeriodSummary
  currency: string
}) {
  const change = formatCents(centsOf(mrr) - centsOf(previous.mrr))
  const isDown = change.startsWith('-')
  return (
    <span className={cn(change !== '0.00' && (isDown ? 'text-destructive' : 'text-success'))}>
      {signedMoney(change, currency)} over the period
    </span>
  )
}

/**
 * The owner's numbers for a chosen period, with the period before it beside each figure: MRR
 * and its movements, customers and churn, trial cohorts, cash against recognised revenue.
 */
export function SubscriptionMetricsSection() {
  const [choice, setChoice] = useState<PeriodChoice>(12)
  // The business time zone, once an answer named it: "this month" is its month, not the browser's.
  const [timeZone, setTimeZone] = useState<string>()
  const thisMonth = currentMonth(new Date(), timeZone)
  const period = periodOf(choice, thisMonth)
  const metrics = useSubscriptionMetrics(requestedRange(period))
  const answeredZone = metrics.data?.timeZone
  if (answeredZone && answeredZone !== timeZone) setTimeZone(answeredZone)
  const { current, summary, previousSummary } = metrics.data
    ? splitPeriods(metrics.data.months)
    : { current: undefined, summary: undefined, previousSummary: undefined }
  const hasActivity = current?.some(
    (month) => month.mrr !== '0.00' || month.cash !== '0.00' || month.trialsStarted > 0,
  )
  // The figures' currency, dollars until the answer says.
  const currency = metrics.data?.currency ?? 'USD'
  const money = (amount: string) => formatMoneyIn(amount, currency)
  const show = <T,>(figure: (s: PeriodSummary) => T) => (summary ? figure(summary) : undefined)
  const before = <T,>(figure: (s: PeriodSummary) => T) =>
    previousSummary ? figure(previousSummary) : undefined
  // A period running to the month in progress shows MRR and payers at this moment: its month's
  // own figures are taken at its end, counting those paid until then as churned already.
  const atNow = metrics.data && period.to === metrics.data.currentMonth ? metrics.data.now : null
  const mrr = atNow ? atNow.mrr : summary?.mrr
  const monthInProgress = metrics.data?.currentMonth ?? thisMonth

  return (
    <SectionCard
      title="Subscription metrics"
      icon={BarChart3}
      description={
        <>
          {formatMonth(period.from)} – {formatMonth(period.to)}, calendar months in the business
          time zone{metrics.data && ` (${metrics.data.timeZone})`}; each figure beside the same
          number of months before.
        </>
      }
      action={
        <a
          className={buttonVariants({ variant: 'outline' })}
          href={subscriptionMetricsCsvUrl(period)}
          download
        >
          <Download aria-hidden />
          Download CSV
        </a>
      }
    >
      <MetricsPeriodPicker choice={choice} thisMonth={thisMonth} onChange={setChoice} />
      {metrics.isError && !metrics.data ? (
        <ListLoadError onRetry={() => void metrics.refetch()} />
      ) : (
        <>
          <dl
            aria-busy={metrics.isFetching || undefined}
            className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4"
          >
            <MetricCard
              metric="mrr"
              label={atNow ? 'MRR now' : 'MRR at period end'}
              definition={atNow ? nowDefinitions.mrr : undefined}
              value={mrr && money(mrr)}
              previous={before((s) => money(s.mrr))}
              hint={
                mrr &&
                previousSummary && (
                  <MrrChange mrr={mrr} previous={previousSummary} currency={currency} />
                )
              }
            />
            <MetricCard
              metric="netNewMrr"
              label="Net new MRR"
              value={show((s) => signedMoney(s.netNewMrr, currency))}
              previous={before((s) => signedMoney(s.netNewMrr, currency))}
            />
            <MetricCard
              metric="payingCustomers"
              label={atNow ? 'Paying now' : 'Paying customers'}
              definition={atNow ? nowDefinitions.payingCustomers : undefined}
              value={atNow ? String(atNow.payingCustomers) : show((s) => String(s.payingCustomers))}
              previous={before((s) => String(s.payingCustomers))}
            />
            <MetricCard
              metric="customerChurnRate"
              label="Customer churn"
              value={show((s) => formatRate(s.customerChurnRate))}
              previous={before((s) => formatRate(s.customerChurnRate))}
              hint={
                summary &&
                `${summary.churnedCustomers} churned: ${summary.voluntaryChurnedCustomers} by choice, ${summary.involuntaryChurnedCustomers} after a failed card`
              }
            />
            <MetricCard
              metric="trialConversionRate"
              label="Trial conversion"
              value={show((s) => formatRate(s.trialConversionRate))}
              previous={before((s) => formatRate(s.trialConversionRate))}
              hint={
                summary &&
                `${summary.trialsConverted} of ${summary.trialsStarted} trials started in the period paid since`
              }
            />
            <MetricCard
              metric="cash"
              label="Cash received"
              value={show((s) => money(s.cash))}
              previous={before((s) => money(s.cash))}
              hint={
                summary && summary.refunds !== '0.00' && `after ${money(summary.refunds)} refunds`
              }
            />
            <MetricCard
              metric="recognised"
              label="Recognised revenue"
              value={show((s) => money(s.recognised))}
              previous={before((s) => money(s.recognised))}
            />
            <MetricCard
              metric="deferred"
              label="Deferred revenue"
              value={show((s) => money(s.deferred))}
              previous={before((s) => money(s.deferred))}
            />
            <MetricCard
              metric="recoveredRenewals"
              label="Renewals recovered"
              value={show((s) => String(s.recoveredRenewals))}
              previous={before((s) => String(s.recoveredRenewals))}
              hint={summary && `${summary.failedRenewals} failed after every retry`}
            />
            <MetricCard
              metric="upcomingRenewals"
              label="Renewing in 30 days"
              value={metrics.data && money(metrics.data.upcomingRenewals.amount)}
              previous={undefined}
              hint={
                metrics.data &&
                `${metrics.data.upcomingRenewals.count} automatic ${metrics.data.upcomingRenewals.count === 1 ? 'renewal' : 'renewals'}`
              }
            />
          </dl>
          {!current ? (
            chartSkeleton
          ) : !hasActivity ? (
            <StatusMessage icon={BarChart3} title="No payments in this period">
              Recorded and checkout payments count here from the month they are paid.
            </StatusMessage>
          ) : (
            <>
              <figure aria-labelledby="mrr-movements-title" className="grid gap-2">
                <figcaption id="mrr-movements-title" className="text-sm font-medium">
                  MRR movements per month
                  <span className="sr-only">; the table below lists the same figures.</span>
                </figcaption>
                <Suspense fallback={chartSkeleton}>
                  <MrrMovementsChart
                    months={current}
                    currency={currency}
                    currentMonth={monthInProgress}
                  />
                </Suspense>
              </figure>
              <SubscriptionMonthsTable
                months={current}
                currency={currency}
                currentMonth={monthInProgress}
              />
            </>
          )}
        </>
      )}
    </SectionCard>
  )
}
