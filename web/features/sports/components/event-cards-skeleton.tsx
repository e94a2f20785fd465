import { Skeleton } from '@/components/ui/skeleton'

export const eventGridClassName = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'

/** Placeholder cards shaped like event cards while the fixtures load. */
export function EventCardsSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading events"
      className={className ?? eventGridClassName}
    >
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-col gap-4 rounded-2xl border bg-card p-5">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="mt-2 h-10 w-full" />
        </div>
      ))}
    </div>
  )
}
