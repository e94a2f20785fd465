import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { BlogPost } from '@common/blog'
import { apiPage, type ApiPage } from '@/lib/api-client'
import { blogPostsQueryKey } from './get-blog-posts'

const pageSize = 25

/** Drafts and published posts, newest first: what a signed-in admin is given, a page at a time. */
export function getAllBlogPosts(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ApiPage<BlogPost>> {
  const params = new URLSearchParams({ limit: String(pageSize) })
  if (cursor) params.set('cursor', cursor)
  return apiPage<BlogPost>(`/api/blog-posts?${params}`, signal)
}

export function getAllBlogPostsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...blogPostsQueryKey, 'all'],
    queryFn: ({ pageParam, signal }) => getAllBlogPosts(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function useAllBlogPosts() {
  return useInfiniteQuery(getAllBlogPostsQueryOptions())
}
