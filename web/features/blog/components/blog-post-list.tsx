import { Newspaper, TriangleAlert } from 'lucide-react'
import { LoadMoreButton } from '@/components/load-more-button'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { usePublishedBlogPosts } from '../api/get-blog-posts'
import { BlogPostCard } from './blog-post-card'

const gridClassName = 'grid gap-6 md:grid-cols-2 lg:grid-cols-3'

/** Every published post as a card, a page at a time, or Coming Soon while there are none. */
export function BlogPostList() {
  const posts = usePublishedBlogPosts()
  if (posts.isPending) {
    return (
      <div className={gridClassName} role="status" aria-busy="true" aria-label="Loading posts">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-72 rounded-2xl" />
        ))}
      </div>
    )
  }
  if (posts.isError) {
    return (
      <StatusMessage
        icon={TriangleAlert}
        role="alert"
        action={
          <Button variant="outline" onClick={() => void posts.refetch()}>
            Try Again
          </Button>
        }
      >
        The blog could not be loaded. Please try again later.
      </StatusMessage>
    )
  }
  const shown = posts.data.pages.flatMap((page) => page.items)
  if (shown.length === 0) {
    return (
      <StatusMessage icon={Newspaper} title="Coming Soon">
        Our first articles are being written. Check back soon for streaming tips, device guides and
        news.
      </StatusMessage>
    )
  }
  return (
    <div className="grid gap-8">
      <div className={gridClassName}>
        {shown.map((post) => (
          <BlogPostCard key={post.id} post={post} variant="list" />
        ))}
      </div>
      <LoadMoreButton query={posts} />
    </div>
  )
}
