import type { CompensationProgress } from '@common/compensations'
import { Badge } from '@/components/ui/badge'
import { ProgressBar } from '@/components/ui/progress-bar'
import { formatDateTime } from '@/lib/format'

/** One compensation: what it gave, and how far through its subscriptions it is, as a bar. */
export function CompensationProgressItem({ item }: { item: CompensationProgress }) {
  const settled = item.done + item.failed + item.skipped
  const percent = item.total === 0 ? 100 : Math.round((settled / item.total) * 100)
  const headingId = `compensation-${item.id}`
  const figures = `${settled} of ${item.total} subscriptions: ${item.done} extended, ${item.failed} failed, ${item.skipped} skipped`
  return (
    <li className="grid gap-1.5 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={headingId} className="text-sm font-medium">
          {item.days} {item.days === 1 ? 'day' : 'days'} for subscriptions active at{' '}
          <time dateTime={item.activeAt}>{formatDateTime(item.activeAt)}</time>
        </p>
        <Badge variant={item.status === 'finished' ? 'secondary' : 'default'}>
          {item.status === 'finished' ? 'Finished' : 'Running'}
        </Badge>
      </div>
      <ProgressBar labelledBy={headingId} percent={percent} valueText={figures} />
      <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
        {figures}
      </p>
      {item.note && <p className="text-xs text-muted-foreground">{item.note}</p>}
    </li>
  )
}
