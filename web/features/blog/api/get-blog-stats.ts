import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BlogStats } from '@common/blog'
import { apiJson } from '@/lib/api-client'
import { blogPostsQueryKey } from './get-blog-posts'

export function getBlogStats(signal?: AbortSignal): Promise<BlogStats> {
  return apiJson<BlogStats>('GET', '/api/blog-posts/stats', undefined, signal)
}

/** Every post counted on the server, however many pages of the table are loaded. */
export function getBlogStatsQueryOptions() {
  return queryOptions({
    queryKey: [...blogPostsQueryKey, 'stats'],
    queryFn: ({ signal }) => getBlogStats(signal),
  })
}

export function useBlogStats() {
  return useQuery(getBlogStatsQueryOptions())
}
