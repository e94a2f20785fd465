import type { EventBadge as EventBadgeKind } from '@common/sports-rules'
import { cn } from '@/lib/utils'

const badgeClassNames: Record<EventBadgeKind, string> = {
  LIVE: 'bg-red-600 text-white',
  TODAY: 'bg-emerald-700 text-white dark:bg-emerald-300 dark:text-emerald-950',
  TOMORROW: 'bg-sky-700 text-white dark:bg-sky-300 dark:text-sky-950',
  UPCOMING: 'bg-secondary text-secondary-foreground',
}

/** LIVE, TODAY, TOMORROW or UPCOMING; a pulsing dot marks a live event. */
export function EventBadge({ badge }: { badge: EventBadgeKind }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-bold tracking-wide',
        badgeClassNames[badge],
      )}
    >
      {badge === 'LIVE' && (
        <span aria-hidden className="size-1.5 rounded-full bg-white motion-safe:animate-pulse" />
      )}
      {badge}
    </span>
  )
}
