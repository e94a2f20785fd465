import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BlogPost } from '@common/blog'
import { apiJson } from '@/lib/api-client'

/** Every blog query's key starts with it, so one invalidation refreshes them all. */
export const blogPostsQueryKey = ['blog-posts'] as const

export function getBlogPosts(limit?: number, signal?: AbortSignal): Promise<BlogPost[]> {
  const query = new URLSearchParams({ published: 'true' })
  if (limit !== undefined) query.set('limit', String(limit))
  return apiJson<BlogPost[]>('GET', `/api/blog-posts?${query}`, undefined, signal)
}

/** Published posts, newest first; the landing asks for the latest three. */
export function getBlogPostsQueryOptions(limit?: number) {
  return queryOptions({
    queryKey: [...blogPostsQueryKey, 'published', limit ?? 'all'],
    queryFn: ({ signal }) => getBlogPosts(limit, signal),
  })
}

export function useBlogPosts(limit?: number) {
  return useQuery(getBlogPostsQueryOptions(limit))
}
