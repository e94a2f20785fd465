import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import type { BlogPost } from '@common/blog'
import { apiPage, type ApiPage } from '@/lib/api-client'

/** Every blog query's key starts with it, so one invalidation refreshes them all. */
export const blogPostsQueryKey = ['blog-posts'] as const

/** A page of published posts, newest first by publication. */
export function getBlogPosts(
  limit: number,
  cursor?: string,
  signal?: AbortSignal,
): Promise<ApiPage<BlogPost>> {
  const params = new URLSearchParams({ published: 'true', limit: String(limit) })
  if (cursor) params.set('cursor', cursor)
  return apiPage<BlogPost>(`/api/blog-posts?${params}`, signal)
}

/** The latest `count` published posts (the landing shows three). */
export function getLatestBlogPostsQueryOptions(count: number) {
  return queryOptions({
    queryKey: [...blogPostsQueryKey, 'published', 'latest', count],
    queryFn: async ({ signal }) => (await getBlogPosts(count, undefined, signal)).items,
  })
}

export function useLatestBlogPosts(count: number) {
  return useQuery(getLatestBlogPostsQueryOptions(count))
}

const pageSize = 24

/** Every published post, a page at a time. */
export function getPublishedBlogPostsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...blogPostsQueryKey, 'published', 'pages'],
    queryFn: ({ pageParam, signal }) => getBlogPosts(pageSize, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function usePublishedBlogPosts() {
  return useInfiniteQuery(getPublishedBlogPostsQueryOptions())
}
