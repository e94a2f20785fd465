import { queryOptions, useQuery } from '@tanstack/react-query'
import { legalPageLabels, legalPagePaths, type LegalPageSlug } from '@common/legal-page-rules'
import { apiJson } from '@/lib/api-client'
import { legalPagesQueryKey } from './get-legal-pages'

/** Which legal pages have content: the footer links only those. */
export function getPublishedLegalPages(signal?: AbortSignal): Promise<LegalPageSlug[]> {
  return apiJson<LegalPageSlug[]>('GET', '/api/legal-pages/published', undefined, signal)
}

export function getPublishedLegalPagesQueryOptions() {
  return queryOptions({
    queryKey: [...legalPagesQueryKey, 'published'],
    queryFn: ({ signal }) => getPublishedLegalPages(signal),
  })
}

/** The footer's link for each published legal page, by its label ('Privacy Policy' → '/privacy'). */
export function useLegalFooterLinks(): Record<string, string> {
  const { data = [] } = useQuery(getPublishedLegalPagesQueryOptions())
  return Object.fromEntries(data.map((slug) => [legalPageLabels[slug], legalPagePaths[slug]]))
}
