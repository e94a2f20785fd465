import { ArrowLeft, TriangleAlert } from 'lucide-react'
import { Link, useParams } from 'wouter'
import { PageContainer } from '@/components/layout/page-container'
import { StatusMessage } from '@/components/status-message'
import { TrialCallToAction } from '@/components/trial-call-to-action'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useBlogPost } from '@/features/blog/api/get-blog-post'
import { BlogArticle } from '@/features/blog/components/blog-article'
import { PostNotFound } from '@/features/blog/components/post-not-found'
import { useDocumentTitle } from '@/lib/use-document-title'

function ArticleSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading post" className="flex flex-col gap-5">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="mt-6 h-64 w-full" />
    </div>
  )
}

export function BlogPostPage() {
  const { slug = '' } = useParams<{ slug: string }>()
  const post = useBlogPost(slug)
  // Same titles as the server's HTML; untouched while loading.
  useDocumentTitle(
    post.data
      ? post.data.metaTitle?.trim() || post.data.title
      : post.data === null
        ? 'Post Not Found'
        : undefined,
  )

  return (
    <PageContainer className="max-w-3xl">
      <Button asChild variant="ghost" className="-ml-3 mb-8">
        <Link href="/blog">
          <ArrowLeft aria-hidden />
          Back to Blog
        </Link>
      </Button>
      {post.isPending ? (
        <ArticleSkeleton />
      ) : post.isError ? (
        <StatusMessage icon={TriangleAlert} title="Something went wrong" titleAs="h1" role="alert">
          The post could not be loaded. Please try again later.
        </StatusMessage>
      ) : post.data ? (
        <BlogArticle post={post.data} />
      ) : (
        <PostNotFound />
      )}
      <TrialCallToAction
        className="mt-16"
        title={post.data ? 'Enjoyed the read? Start watching.' : 'Start watching today'}
        description="Live TV and sports in HD, ad-free, on every device. Your first 24 hours are free."
      />
    </PageContainer>
  )
}
