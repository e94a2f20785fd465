import { TriangleAlert } from 'lucide-react'
import type { LegalPageSlug } from '@common/legal-page-rules'
import { PageContainer } from '@/components/layout/page-container'
import { StatusMessage } from '@/components/status-message'
import { Skeleton } from '@/components/ui/skeleton'
import { useLegalPage } from '@/features/legal-pages/api/get-legal-page'
import { LegalPageArticle } from '@/features/legal-pages/components/legal-page-article'
import { useDocumentTitle } from '@/lib/use-document-title'
import { NotFoundPage } from './not-found'

function LegalPageSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading page" className="flex flex-col gap-5">
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="h-5 w-48" />
      <Skeleton className="mt-6 h-64 w-full" />
    </div>
  )
}

/** /privacy or /terms: the page an admin wrote, or the 404 page while it has no content. */
export function LegalPagePage({ slug }: { slug: LegalPageSlug }) {
  const page = useLegalPage(slug)
  // Same title as the server's HTML; the 404 page sets its own.
  useDocumentTitle(page.data?.title)
  if (page.data === null) return <NotFoundPage />
  return (
    <PageContainer className="max-w-3xl">
      {page.isPending ? (
        <LegalPageSkeleton />
      ) : page.isError ? (
        <StatusMessage icon={TriangleAlert} title="Something went wrong" titleAs="h1" role="alert">
          This page could not be loaded. Please try again later.
        </StatusMessage>
      ) : (
        <LegalPageArticle page={page.data} />
      )}
    </PageContainer>
  )
}
