import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PreviewTemplateInput, TemplatePreview } from '@common/messages'
import { apiJson } from '@/lib/api-client'
import { messagesQueryKey } from './get-mail-status'

/** Rendered by the server, as it will be sent, with sample values. */
export function previewMessageTemplate(input: PreviewTemplateInput, signal?: AbortSignal) {
  return apiJson<TemplatePreview>('POST', '/api/messages/preview', input, signal)
}

export function previewMessageTemplateQueryOptions(input: PreviewTemplateInput) {
  return queryOptions({
    queryKey: [...messagesQueryKey, 'preview', input],
    queryFn: ({ signal }) => previewMessageTemplate(input, signal),
    // The last good preview stays while the next one renders.
    placeholderData: keepPreviousData,
  })
}

export function usePreviewMessageTemplate(input: PreviewTemplateInput) {
  return useQuery(previewMessageTemplateQueryOptions(input))
}
