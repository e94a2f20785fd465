import type { QueryClient } from '@tanstack/react-query'
import { appRoutes } from '@common/routes'
import { getBlogPostQueryOptions } from '@/features/blog/api/get-blog-post'
import {
  getLatestBlogPostsQueryOptions,
  getPublishedBlogPostsQueryOptions,
} from '@/features/blog/api/get-blog-posts'
import { latestPostsCount } from '@/features/blog/components/latest-posts-section'
import { getLegalPageQueryOptions } from '@/features/legal-pages/api/get-legal-page'
import { getPublishedLegalPagesQueryOptions } from '@/features/legal-pages/api/get-published-legal-pages'
import { getPlansQueryOptions } from '@/features/plans/api/get-plans'
import { getSportsEventsQueryOptions } from '@/features/sports/api/get-sports-events'

// As wouter matches `/blog/:slug`: one segment, an optional trailing slash, not decoded.
const blogPostPath = /^\/blog\/([^/]+?)\/?$/

/**
 * Fetches into `queryClient` what the page at `path` shows on its first render, so the server
 * renders it and the browser starts from the same data. Failures stay in the cache as errors:
 * the page renders its error state, on both sides.
 */
export async function prefetchPageData(queryClient: QueryClient, path: string): Promise<void> {
  const plans = () => queryClient.prefetchQuery(getPlansQueryOptions())
  const loads: Record<string, () => Promise<void>[]> = {
    [appRoutes.home]: () => [
      plans(),
      queryClient.prefetchQuery(getLatestBlogPostsQueryOptions(latestPostsCount)),
      queryClient.prefetchQuery(getSportsEventsQueryOptions('landing')),
    ],
    [appRoutes.plans]: () => [plans()],
    [appRoutes.sports]: () => [queryClient.prefetchQuery(getSportsEventsQueryOptions('all'))],
    [appRoutes.blog]: () => [
      queryClient.prefetchInfiniteQuery(getPublishedBlogPostsQueryOptions()),
    ],
    [appRoutes.privacy]: () => [queryClient.prefetchQuery(getLegalPageQueryOptions('privacy'))],
    [appRoutes.terms]: () => [queryClient.prefetchQuery(getLegalPageQueryOptions('terms'))],
  }
  const slug = blogPostPath.exec(path)?.[1]
  const pageLoads = slug
    ? [queryClient.prefetchQuery(getBlogPostQueryOptions(slug))]
    : (loads[path]?.() ?? [])
  // Every page's footer links the legal pages that have content.
  const footer = queryClient.prefetchQuery(getPublishedLegalPagesQueryOptions())
  await Promise.all([...pageLoads, footer])
}
