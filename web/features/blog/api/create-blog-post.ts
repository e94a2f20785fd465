import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BlogPost, BlogPostInput } from '@common/blog'
import { apiJson } from '@/lib/api-client'
import { blogPostsQueryKey } from './get-blog-posts'

/** An empty slug is made from the title on the server; 409 when the slug is taken. */
export function createBlogPost(input: BlogPostInput): Promise<BlogPost> {
  return apiJson<BlogPost>('POST', '/api/blog-posts', input)
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
  })
}
