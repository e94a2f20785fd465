import { lazy, Suspense, useSyncExternalStore } from 'react'
import { getIsToasterRequested, subscribeToToasterRequest } from '@/lib/toast'

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })))

/** Mounts the Toaster, and downloads its code, when the first toast is shown. */
export function LazyToaster() {
  const isRequested = useSyncExternalStore(
    subscribeToToasterRequest,
    getIsToasterRequested,
    () => false,
  )
  if (!isRequested) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
