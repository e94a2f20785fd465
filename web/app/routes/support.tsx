import { lazy, Suspense } from 'react'
import { PageContainer } from '@/components/layout/page-container'
import { Spinner } from '@/components/ui/spinner'
import { useDocumentTitle } from '@/lib/use-document-title'

// A chunk of its own: forms, chat and notifications are fetched only by visitors who need help.
const SupportPageContent = lazy(() =>
  import('./support-page/support-page-content').then((module) => ({
    default: module.SupportPageContent,
  })),
)

export function SupportPage() {
  useDocumentTitle('Support')
  return (
    <Suspense
      fallback={
        <PageContainer className="flex min-h-[60vh] items-center justify-center">
          <Spinner className="size-8 text-primary" label="Loading support" />
        </PageContainer>
      }
    >
      <SupportPageContent />
    </Suspense>
  )
}
