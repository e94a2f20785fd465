import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { blogPostsQueryKey } from './get-blog-posts'

export async function deleteBlogPost(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/blog-posts/${encodeURIComponent(id)}`)
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
  })
}
