import { Send } from 'lucide-react'
import { seoScore, type BlogPost } from '@common/blog'
import { RowActions } from '@/components/row-actions'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatShortDate } from '@/lib/format'
import { resultToasts } from '@/lib/result-toasts'
import { showToast } from '@/lib/toast'
import { useDeleteBlogPost } from '../api/delete-blog-post'
import { usePublishBlogPost } from '../api/publish-blog-post'
import { SeoScoreBadge } from './seo-score-badge'

export function BlogPostRow({ post, onEdit }: { post: BlogPost; onEdit: () => void }) {
  const publishPost = usePublishBlogPost()
  const deletePost = useDeleteBlogPost()

  const handlePublish = () =>
    publishPost.mutate(post.id, {
      onSuccess: () => showToast({ title: 'Blog post published successfully!' }),
      // A failed publish is reported, but not as destructive.
      onError: () => showToast({ title: 'Failed to publish blog post', variant: 'neutral' }),
    })
  const handleDelete = () =>
    deletePost.mutate(
      post.id,
      resultToasts({
        success: 'Blog post deleted successfully!',
        failure: 'Failed to delete blog post',
      }),
    )

  return (
    <TableRow>
      <TableCell className="min-w-48 font-medium whitespace-normal">{post.title}</TableCell>
      <TableCell data-label="Slug" className="max-w-64 whitespace-normal">
        <code className="font-mono text-xs break-all text-muted-foreground">{post.slug}</code>
      </TableCell>
      <TableCell data-label="Status">
        {post.published ? <Badge>Published</Badge> : <Badge variant="secondary">Draft</Badge>}
      </TableCell>
      <TableCell data-label="SEO score">
        <SeoScoreBadge score={seoScore(post)} />
      </TableCell>
      <TableCell data-label="Created" className="text-muted-foreground">
        <time dateTime={post.createdAt}>{formatShortDate(post.createdAt)}</time>
      </TableCell>
      <TableCell>
        <RowActions
          name={post.title}
          onEdit={onEdit}
          deleteTitle="Delete blog post?"
          deleteDescription={`“${post.title}” will be removed from the blog. This cannot be undone.`}
          onDelete={handleDelete}
          isDeleting={deletePost.isPending}
        >
          {!post.published && (
            <Button
              variant="outline"
              size="sm"
              onClick={handlePublish}
              disabled={publishPost.isPending}
              aria-label={`Publish ${post.title}`}
            >
              <Send aria-hidden />
              Publish
            </Button>
          )}
        </RowActions>
      </TableCell>
    </TableRow>
  )
}
