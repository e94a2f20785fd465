import { AlertTriangle, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

/** Placeholder rows while a list loads. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  )
}

/** A list that could not be loaded, with a way to try again. */
export function ListLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
      <AlertTriangle className="size-6 text-destructive" aria-hidden />
      <p className="font-medium">Error loading data</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </div>
  )
}

/** A list with nothing in it yet. */
export function ListEmpty({ children }: { children: string }) {
  return <p className="py-8 text-center text-sm text-muted-foreground">{children}</p>
}

type QueryStatesProps<T> = {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown }
  /** The placeholder's accessible name ("Loading plans"). */
  loadingLabel: string
  children: (data: T) => ReactNode
}

/**
 * What a query's data shows, once there is some (a failed background refetch keeps it on
 * screen); until then its placeholder, or its error with a retry.
 */
export function QueryStates<T>({ query, loadingLabel, children }: QueryStatesProps<T>) {
  if (query.data !== undefined) return children(query.data)
  if (query.isError) return <ListLoadError onRetry={() => void query.refetch()} />
  return <ListLoading label={loadingLabel} />
}
