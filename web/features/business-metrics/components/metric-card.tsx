import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { MetricTerm, type MetricName } from './metric-term'

type MetricCardProps = {
  metric: MetricName
  label: string
  /** Undefined while loading: a skeleton takes its place. */
  value: string | undefined
  /** The same figure over the previous period, shown beside it. */
  previous: string | undefined
  /** A line under the value: the change over the period, say. */
  hint?: ReactNode
  /** The definition when not the metric's own (a figure at this moment). */
  definition?: string
}

/** One figure of the chosen period with its definition and the previous period's figure. */
export function MetricCard({ metric, label, value, previous, hint, definition }: MetricCardProps) {
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <dt className="text-sm font-medium text-muted-foreground">
        <MetricTerm metric={metric} label={label} definition={definition} />
      </dt>
      <dd className="text-2xl font-bold tracking-tight tabular-nums">
        {value ?? <Skeleton className="h-8 w-24" />}
      </dd>
      {hint && <dd className="text-xs">{hint}</dd>}
      {previous !== undefined && (
        <dd className="text-xs text-muted-foreground tabular-nums">Previous period: {previous}</dd>
      )}
    </div>
  )
}
