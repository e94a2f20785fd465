import { CreditCard } from 'lucide-react'
import { useState } from 'react'
import type { BillingPeriod } from '@common/plan-rules'
import { StatusMessage } from '@/components/status-message'
import { Skeleton } from '@/components/ui/skeleton'
import { usePlans } from '../api/get-plans'
import { BillingPeriodFilter } from './billing-period-filter'
import { PlanCard } from './plan-card'

const gridClassName = 'grid gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-4'

function PlansSkeleton() {
  return (
    <div className={gridClassName} role="status" aria-busy="true" aria-label="Loading plans">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-96 rounded-2xl" />
      ))}
    </div>
  )
}

type PlansListProps = {
  /** The cards' heading level: h3 inside a page section, h2 when the list is the page. */
  cardHeading: 'h2' | 'h3'
}

/** The public plans with the billing-period filter, for the home page and /plans. */
export function PlansList({ cardHeading }: PlansListProps) {
  const plans = usePlans()
  const [period, setPeriod] = useState<BillingPeriod | null>(null)

  if (plans.isPending) return <PlansSkeleton />
  if (plans.isError) {
    return (
      <StatusMessage icon={CreditCard} role="alert">
        Failed to load pricing plans. Please try again later.
      </StatusMessage>
    )
  }
  const shown = period ? plans.data.filter((plan) => plan.billingPeriod === period) : plans.data
  return (
    <div className="flex flex-col gap-10">
      {plans.data.length > 0 && <BillingPeriodFilter value={period} onChange={setPeriod} />}
      {shown.length === 0 ? (
        <StatusMessage icon={CreditCard}>No pricing plans available at the moment.</StatusMessage>
      ) : (
        <div className={gridClassName}>
          {shown.map((plan) => (
            <PlanCard key={plan.id} plan={plan} headingAs={cardHeading} />
          ))}
        </div>
      )}
    </div>
  )
}
