import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { SharedLine } from '@common/line-sharing'
import { apiPage, type ApiPage } from '@/lib/api-client'

const pageSize = 25

export const sharedLinesQueryKey = ['shared-lines'] as const

/** Lines flagged likely shared, newest flag first, a page at a time. */
export function getSharedLines(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ApiPage<SharedLine>> {
  const params = new URLSearchParams({ limit: String(pageSize) })
  if (cursor) params.set('cursor', cursor)
  return apiPage<SharedLine>(`/api/lines/sharing?${params}`, signal)
}

export function useSharedLines() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: sharedLinesQueryKey,
      queryFn: ({ pageParam, signal }) => getSharedLines(pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  )
}
