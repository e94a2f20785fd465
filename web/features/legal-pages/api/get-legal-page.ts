import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LegalPage, LegalPageSlug } from '@common/legal-page-rules'
import { ApiError, apiJson } from '@/lib/api-client'
import { legalPagesQueryKey } from './get-legal-pages'

/** A published legal page; null while it has no content (404). */
export async function getLegalPage(
  slug: LegalPageSlug,
  signal?: AbortSignal,
): Promise<LegalPage | null> {
  try {
    return await apiJson<LegalPage>(
      'GET',
      `/api/legal-pages/${encodeURIComponent(slug)}`,
      undefined,
      signal,
    )
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function getLegalPageQueryOptions(slug: LegalPageSlug) {
  return queryOptions({
    queryKey: [...legalPagesQueryKey, 'published', slug],
    queryFn: ({ signal }) => getLegalPage(slug, signal),
  })
}

export function useLegalPage(slug: LegalPageSlug) {
  return useQuery(getLegalPageQueryOptions(slug))
}
