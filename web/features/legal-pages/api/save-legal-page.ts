import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LegalPage, LegalPageSlug } from '@common/legal-page-rules'
import type { LegalPageValues } from '@common/legal-pages'
import { apiJson } from '@/lib/api-client'
import { legalPagesQueryKey } from './get-legal-pages'

/** Writes the page; an empty body takes it off the site and out of the footer. */
export function saveLegalPage(slug: LegalPageSlug, values: LegalPageValues): Promise<LegalPage> {
  return apiJson<LegalPage>('PUT', `/api/legal-pages/${encodeURIComponent(slug)}`, values)
}

export function useSaveLegalPage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, values }: { slug: LegalPageSlug; values: LegalPageValues }) =>
      saveLegalPage(slug, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalPagesQueryKey }),
  })
}
