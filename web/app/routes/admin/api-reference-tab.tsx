import { lazy, Suspense } from 'react'
import { Spinner } from '@/components/ui/spinner'

// Its own chunk, fetched only when this section opens: Swagger UI is heavy.
const ApiReference = lazy(() => import('./api-reference'))

/** /admin/api: the server's OpenAPI document, rendered for admins writing scripts against it. */
export function ApiReferenceTab() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner className="size-8 text-primary" label="Loading the API reference" />
        </div>
      }
    >
      <ApiReference />
    </Suspense>
  )
}
