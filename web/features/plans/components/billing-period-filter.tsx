import { billingPeriods, type BillingPeriod } from '@common/plan-rules'
import { Button } from '@/components/ui/button'
import { billingPeriodLabels } from '../billing-period-labels'

type BillingPeriodFilterProps = {
  value: BillingPeriod | null
  onChange: (period: BillingPeriod | null) => void
}

/** None or one billing period; choosing the active one again clears it. */
export function BillingPeriodFilter({ value, onChange }: BillingPeriodFilterProps) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
      <div
        role="group"
        aria-label="Billing period"
        className="flex flex-wrap justify-center gap-1 rounded-xl border bg-card p-1 shadow-xs"
      >
        {billingPeriods.map((period) => (
          <Button
            key={period}
            size="sm"
            variant={value === period ? 'default' : 'ghost'}
            aria-pressed={value === period}
            onClick={() => onChange(value === period ? null : period)}
          >
            {billingPeriodLabels[period]}
          </Button>
        ))}
      </div>
      <Button size="sm" variant="outline" disabled={value === null} onClick={() => onChange(null)}>
        Clear
      </Button>
    </div>
  )
}
