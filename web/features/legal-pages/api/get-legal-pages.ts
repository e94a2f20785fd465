import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LegalPage } from '@common/legal-page-rules'
import { apiJson } from '@/lib/api-client'

/** Every legal-page query's key starts with it, so a save refreshes them all. */
export const legalPagesQueryKey = ['legal-pages'] as const

/** Both pages as the editor shows them, with or without content (admins only). */
export function getLegalPages(signal?: AbortSignal): Promise<LegalPage[]> {
  return apiJson<LegalPage[]>('GET', '/api/legal-pages', undefined, signal)
}

export function getLegalPagesQueryOptions() {
  return queryOptions({
    queryKey: [...legalPagesQueryKey, 'all'],
    queryFn: ({ signal }) => getLegalPages(signal),
  })
}

export function useLegalPages() {
  return useQuery(getLegalPagesQueryOptions())
}
