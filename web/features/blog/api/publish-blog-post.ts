import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BlogPost } from '@common/blog'
import { apiJson } from '@/lib/api-client'
import { blogPostsQueryKey } from './get-blog-posts'

/** Publishes a draft now: it appears on the blog, in the sitemap and in the feed. */
export function publishBlogPost(id: string): Promise<BlogPost> {
  return apiJson<BlogPost>('PUT', `/api/blog-posts/${encodeURIComponent(id)}/publish`)
}

export function usePublishBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: publishBlogPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
  })
}
