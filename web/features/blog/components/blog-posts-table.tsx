import type { BlogPost } from '@common/blog'
import { ListEmpty, ListLoadError } from '@/components/list-states'
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { BlogPostRow } from './blog-post-row'

type BlogPostsTableProps = {
  posts: BlogPost[]
  isError: boolean
  onRetry: () => void
  onEdit: (post: BlogPost) => void
}

/** Drafts and published posts, newest first. */
export function BlogPostsTable({ posts, isError, onRetry, onEdit }: BlogPostsTableProps) {
  if (isError) return <ListLoadError onRetry={onRetry} />
  if (posts.length === 0) return <ListEmpty>No blog posts yet. Write the first one.</ListEmpty>
  return (
    <Table>
      <TableCaption className="sr-only">Blog posts</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Slug</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>SEO score</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {posts.map((post) => (
          <BlogPostRow key={post.id} post={post} onEdit={() => onEdit(post)} />
        ))}
      </TableBody>
    </Table>
  )
}
