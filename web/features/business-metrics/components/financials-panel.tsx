import { LineChart } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { ListLoadError } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { StatusMessage } from '@/components/status-message'
import { Skeleton } from '@/components/ui/skeleton'
import { useRevenueAnalytics } from '../api/get-revenue-analytics'
import { currentMonth } from '../metrics-period'
import { ImportHistoryDialog } from './import-history-dialog'
import { MonthlyRevenueTable } from './monthly-revenue-table'
import { RevenueCards } from './revenue-cards'
import { SubscriptionMetricsSection } from './subscription-metrics-section'

const MonthlyRevenueChart = lazy(() =>
  import('./monthly-revenue-chart').then((module) => ({ default: module.MonthlyRevenueChart })),
)

const chartSkeleton = <Skeleton className="h-72 w-full" />

/**
 * Financials: the owner's subscription metrics for a chosen period, then the revenue cards and
 * the months by plan family as a chart and as a table. `canImport`: the admin is a super admin,
 * who alone brings in payment history.
 */
export function FinancialsPanel({ canImport }: { canImport: boolean }) {
  const analytics = useRevenueAnalytics()

  if (analytics.isError && !analytics.data) {
    return <ListLoadError onRetry={() => void analytics.refetch()} />
  }

  const months = analytics.data?.monthlyRevenue
  // Revenue's months are UTC months: the one in progress is marked "so far".
  const thisMonth = currentMonth(new Date(), 'UTC')
  return (
    <div className="grid gap-6">
      {canImport && (
        <div className="flex justify-end">
          <ImportHistoryDialog />
        </div>
      )}
      <SubscriptionMetricsSection />
      <RevenueCards analytics={analytics.data} />
      <SectionCard
        title="Monthly revenue"
        icon={LineChart}
        description="Each subscription counts in the month it started, by the family of its paid plan."
      >
        {!months ? (
          chartSkeleton
        ) : months.length === 0 ? (
          <StatusMessage icon={LineChart} title="No revenue yet">
            Converting a trial to a paid subscription adds its price to the month it starts.
          </StatusMessage>
        ) : (
          <>
            <figure aria-labelledby="monthly-revenue-chart-title" className="grid gap-2">
              <figcaption id="monthly-revenue-chart-title" className="text-sm font-medium">
                Revenue by plan family per month
                <span className="sr-only">; the table below lists the same figures.</span>
              </figcaption>
              <Suspense fallback={chartSkeleton}>
                <MonthlyRevenueChart months={months} currentMonth={thisMonth} />
              </Suspense>
            </figure>
            <MonthlyRevenueTable months={months} currentMonth={thisMonth} />
          </>
        )}
      </SectionCard>
    </div>
  )
}
