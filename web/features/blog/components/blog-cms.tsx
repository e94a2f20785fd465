import { FileText, Globe, Newspaper, PenLine, Plus } from 'lucide-react'
import { useState } from 'react'
import { QueryStates } from '@/components/list-states'
import { LoadMoreButton } from '@/components/load-more-button'
import { SectionCard } from '@/components/section-card'
import { StatCard, statValue } from '@/components/stat-card'
import { Button } from '@/components/ui/button'
import { useAllBlogPosts } from '../api/get-all-blog-posts'
import { useBlogStats } from '../api/get-blog-stats'
import { BlogPostFormDialog, type BlogPostDialogState } from './blog-post-form-dialog'
import { BlogPostsTable } from './blog-posts-table'

/** Content & SEO: post counts, the posts with their SEO scores, and the post dialog. */
export function BlogCms() {
  const stats = useBlogStats()
  const posts = useAllBlogPosts()
  const [dialog, setDialog] = useState<BlogPostDialogState>(null)

  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard label="Total" icon={<FileText />} value={statValue(stats, (s) => s.total)} />
        <StatCard label="Published" icon={<Globe />} value={statValue(stats, (s) => s.published)} />
        <StatCard label="Drafts" icon={<PenLine />} value={statValue(stats, (s) => s.drafts)} />
      </dl>
      <SectionCard
        title="Blog Posts"
        icon={Newspaper}
        description="Drafts stay private until they are published. The SEO score rates titles, descriptions, slug and length."
        action={
          <Button onClick={() => setDialog({ mode: 'create' })}>
            <Plus aria-hidden />
            New Post
          </Button>
        }
      >
        <QueryStates query={posts} loadingLabel="Loading blog posts">
          {(data) => (
            <BlogPostsTable
              posts={data.pages.flatMap((page) => page.items)}
              onEdit={(post) => setDialog({ mode: 'edit', post })}
            />
          )}
        </QueryStates>
        <LoadMoreButton query={posts} />
      </SectionCard>
      <BlogPostFormDialog state={dialog} onClose={() => setDialog(null)} />
    </div>
  )
}
