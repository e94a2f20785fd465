import type { SubscriptionStatus } from '@common/trial-requests'
import { Badge } from '@/components/ui/badge'

/** In the spec's filter order: active, trial, expired, cancelled. */
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trial: 'Trial',
  expired: 'Expired',
  cancelled: 'Cancelled',
}

const statusClassNames: Record<SubscriptionStatus, string> = {
  active:
    'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  trial: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  expired:
    'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  cancelled: 'text-muted-foreground',
}

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <Badge variant="outline" className={statusClassNames[status]}>
      {subscriptionStatusLabels[status]}
    </Badge>
  )
}
