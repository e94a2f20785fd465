import { useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => {}

/**
 * False on the server and during hydration, true afterwards: values only the browser knows
 * (its time zone, the current time) wait for it, so the first render matches the server's HTML.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}

/**
 * The current time, except on the server and during hydration, where it is `renderedAt` (when
 * the server read the data shown): both then render the same "live" and "today" marks.
 */
export function useHydratedNow(renderedAt: number): Date {
  return useIsHydrated() ? new Date() : new Date(renderedAt)
}
