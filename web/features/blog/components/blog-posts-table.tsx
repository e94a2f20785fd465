import type { BlogPost } from '@common/blog'
import { RecordTable } from '@/components/record-table'
import { BlogPostRow } from './blog-post-row'

const columns = ['Title', 'Slug', 'Status', 'SEO score', 'Created']

type BlogPostsTableProps = { posts: BlogPost[]; onEdit: (post: BlogPost) => void }

/** Drafts and published posts, newest first. */
export function BlogPostsTable({ posts, onEdit }: BlogPostsTableProps) {
  return (
    <RecordTable
      caption="Blog posts"
      columns={columns}
      records={posts}
      empty="No blog posts yet. Write the first one."
    >
      {(post) => <BlogPostRow key={post.id} post={post} onEdit={() => onEdit(post)} />}
    </RecordTable>
  )
}
