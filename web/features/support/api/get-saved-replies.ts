import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SavedReply } from '@common/saved-replies'
import { apiJson } from '@/lib/api-client'

export const savedRepliesQueryKey = ['saved-replies'] as const
export const savedRepliesPath = '/api/support/saved-replies'

/** The saved replies every agent shares, by title. */
export function getSavedReplies(signal?: AbortSignal): Promise<SavedReply[]> {
  return apiJson<SavedReply[]>('GET', savedRepliesPath, undefined, signal)
}

export function getSavedRepliesQueryOptions() {
  return queryOptions({
    queryKey: savedRepliesQueryKey,
    queryFn: ({ signal }) => getSavedReplies(signal),
  })
}

export function useSavedReplies() {
  return useQuery(getSavedRepliesQueryOptions())
}
