import { Newspaper } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'
import { PageContainer } from '@/components/layout/page-container'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { site } from '@/lib/site-config'
import { useDocumentTitle } from '@/lib/use-document-title'

export function BlogPage() {
  useDocumentTitle('Blog')
  return (
    <PageContainer>
      <PageHeader
        title={`${site.brandName} Blog`}
        description="Streaming tips, device guides and news about what's on."
      >
        <Badge variant="accent">Beta</Badge>
      </PageHeader>
      <ComingSoon icon={Newspaper} title="Coming Soon">
        Our first articles are being written. Check back soon.
      </ComingSoon>
    </PageContainer>
  )
}
