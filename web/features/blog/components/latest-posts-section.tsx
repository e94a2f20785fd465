import { ArrowRight } from 'lucide-react'
import { Link } from 'wouter'
import { SectionHeading } from '@/components/section-heading'
import { Button } from '@/components/ui/button'
import { useLatestBlogPosts } from '../api/get-blog-posts'
import { BlogPostCard } from './blog-post-card'

/** How many posts the landing shows; the server fetches as many for its HTML. */
export const latestPostsCount = 3

/** The landing's three latest posts; the section is left out while there are none. */
export function LatestPostsSection() {
  const posts = useLatestBlogPosts(latestPostsCount)
  if (!posts.data?.length) return null
  return (
    <section aria-labelledby="blog-heading" className="border-t bg-muted/30">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading
          id="blog-heading"
          eyebrow="From the blog"
          title="Latest news and guides"
          description="Setup guides, streaming tips and what's coming up this week."
          action={
            <Button asChild variant="outline">
              <Link href="/blog">
                View All Posts
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          }
        />
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.data.slice(0, latestPostsCount).map((post) => (
            <BlogPostCard key={post.id} post={post} variant="landing" />
          ))}
        </div>
      </div>
    </section>
  )
}
