import { PageContainer } from '@/components/layout/page-container'
import { PageHeader } from '@/components/layout/page-header'
import { TrialCallToAction } from '@/components/trial-call-to-action'
import { Badge } from '@/components/ui/badge'
import { BlogPostList } from '@/features/blog/components/blog-post-list'
import { useSiteConfig } from '@/lib/site-config'
import { useDocumentTitle } from '@/lib/use-document-title'

export function BlogPage() {
  useDocumentTitle('Blog')
  const site = useSiteConfig()
  return (
    <PageContainer>
      <PageHeader
        title={`${site.brandName} Blog`}
        description="Streaming tips, device guides and news about what's on."
      >
        <Badge variant="accent">Beta</Badge>
      </PageHeader>
      <BlogPostList />
      <TrialCallToAction
        className="mt-20"
        title="Start watching today"
        description="Live TV and sports in HD, ad-free, on every device. Try it free for 24 hours."
      />
    </PageContainer>
  )
}
