import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BlogPost } from '@common/blog'
import { apiJson } from '@/lib/api-client'
import { blogPostsQueryKey } from './get-blog-posts'

// The most the API gives in one answer; the blog list has no further pages.
const limit = 100

/** Drafts and published posts, newest first: what a signed-in admin is given. */
export function getAllBlogPosts(signal?: AbortSignal): Promise<BlogPost[]> {
  return apiJson<BlogPost[]>('GET', `/api/blog-posts?limit=${limit}`, undefined, signal)
}

export function getAllBlogPostsQueryOptions() {
  return queryOptions({
    queryKey: [...blogPostsQueryKey, 'all'],
    queryFn: ({ signal }) => getAllBlogPosts(signal),
  })
}

export function useAllBlogPosts() {
  return useQuery(getAllBlogPostsQueryOptions())
}
