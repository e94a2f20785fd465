import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MessageTemplate } from '@common/messages'
import { apiJson } from '@/lib/api-client'
import { messagesQueryKey } from './get-mail-status'

export const messageTemplatesQueryKey = [...messagesQueryKey, 'templates'] as const

export function getMessageTemplates(signal?: AbortSignal): Promise<MessageTemplate[]> {
  return apiJson<MessageTemplate[]>('GET', '/api/messages/templates', undefined, signal)
}

export function getMessageTemplatesQueryOptions() {
  return queryOptions({
    queryKey: messageTemplatesQueryKey,
    queryFn: ({ signal }) => getMessageTemplates(signal),
  })
}

export function useMessageTemplates() {
  return useQuery(getMessageTemplatesQueryOptions())
}
