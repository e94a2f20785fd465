import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

type StatCardProps = {
  label: string
  /** A small decorative mark beside the label: a lucide icon (sized here) or a colour dot. */
  icon: ReactNode
  /** Undefined while loading: a skeleton takes its place. */
  value: string | undefined
  /** A short line under the value, a share of the total say. */
  hint?: ReactNode
  /** Makes the card a button that opens what it counts (a list filtered to it, say). */
  onSelect?: () => void
  /** The card's list is the one showing. */
  isSelected?: boolean
  className?: string
}

/** One figure of a dashboard row; place it in a `dl` grid. */
export function StatCard({
  label,
  icon,
  value,
  hint,
  onSelect,
  isSelected,
  className,
}: StatCardProps) {
  return (
    <div
      className={cn(
        'relative grid content-start gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm',
        onSelect && 'transition-colors hover:bg-accent/50',
        isSelected && 'border-primary ring-1 ring-primary',
        className,
      )}
    >
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {label}
        <span aria-hidden className="text-primary [&_svg]:size-4 [&_svg]:shrink-0">
          {icon}
        </span>
      </dt>
      <dd className="text-2xl font-bold tracking-tight tabular-nums">
        {value ?? <Skeleton className="h-8 w-24" />}
      </dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
      {onSelect && (
        // Stretched over the card, so the whole card answers a tap.
        <dd className="absolute inset-0">
          <button
            type="button"
            aria-label={`Show ${label}`}
            aria-pressed={isSelected ?? false}
            onClick={onSelect}
            className="size-full cursor-pointer rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          />
        </dd>
      )}
    </div>
  )
}

/** A card's value from a query: none (a skeleton) while it loads, a dash when it failed. */
export function statValue<T>(
  query: { data: T | undefined; isError: boolean },
  figure: (data: T) => string | number,
): string | undefined {
  if (query.data !== undefined) return String(figure(query.data))
  return query.isError ? '–' : undefined
}
