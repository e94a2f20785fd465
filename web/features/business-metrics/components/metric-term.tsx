import { Info } from 'lucide-react'
import { metricDefinitions, upcomingRenewalsDefinition } from '@common/business-metrics'
import { Tooltip } from '@/components/ui/tooltip'

/** The months' figures, and the renewals due next, which no month holds. */
const definitions = { ...metricDefinitions, upcomingRenewals: upcomingRenewalsDefinition }

export type MetricName = keyof typeof definitions

/**
 * A figure's name with its one-sentence definition on hover and keyboard focus; `definition`
 * when the figure is taken otherwise than its metric's (at this moment, say).
 */
export function MetricTerm({
  metric,
  label,
  definition = definitions[metric],
}: {
  metric: MetricName
  label: string
  definition?: string
}) {
  return (
    <span className="inline-flex items-center gap-1">
      {label}
      <Tooltip content={<span className="block max-w-64">{definition}</span>}>
        <button
          type="button"
          className="rounded-full text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={`${label}: ${definition}`}
        >
          <Info aria-hidden className="size-3.5" />
        </button>
      </Tooltip>
    </span>
  )
}
