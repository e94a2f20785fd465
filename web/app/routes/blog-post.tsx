import { ArrowLeft, Newspaper } from 'lucide-react'
import { Link } from 'wouter'
import { ComingSoon } from '@/components/coming-soon'
import { PageContainer } from '@/components/layout/page-container'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/lib/use-document-title'

export function BlogPostPage() {
  useDocumentTitle('Blog')
  return (
    <PageContainer className="max-w-3xl">
      <Button asChild variant="ghost" className="-ml-3 mb-6">
        <Link href="/blog">
          <ArrowLeft aria-hidden />
          Back to Blog
        </Link>
      </Button>
      <h1 className="sr-only">Blog article</h1>
      <ComingSoon icon={Newspaper} title="Articles are coming soon">
        Blog articles will be readable here in a coming release.
      </ComingSoon>
    </PageContainer>
  )
}
