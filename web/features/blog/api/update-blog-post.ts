import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BlogPost, BlogPostInput } from '@common/blog'
import { apiJson } from '@/lib/api-client'
import { blogPostsQueryKey } from './get-blog-posts'

/** Replaces the post's fields; 409 when its new slug is another post's. */
export function updateBlogPost(id: string, input: BlogPostInput): Promise<BlogPost> {
  return apiJson<BlogPost>('PUT', `/api/blog-posts/${encodeURIComponent(id)}`, input)
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: BlogPostInput }) => updateBlogPost(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
  })
}
