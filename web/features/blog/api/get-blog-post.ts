import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BlogPost } from '@common/blog'
import { ApiError, apiJson } from '@/lib/api-client'
import { blogPostsQueryKey } from './get-blog-posts'

/** One published post by its slug; null when there is none (404). */
export async function getBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost | null> {
  try {
    return await apiJson<BlogPost>(
      'GET',
      `/api/blog-posts/slug/${encodeURIComponent(slug)}`,
      undefined,
      signal,
    )
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function getBlogPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...blogPostsQueryKey, 'slug', slug],
    queryFn: ({ signal }) => getBlogPost(slug, signal),
  })
}

export function useBlogPost(slug: string) {
  return useQuery(getBlogPostQueryOptions(slug))
}
