import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MailStatus } from '@common/messages'
import { apiJson } from '@/lib/api-client'

export const messagesQueryKey = ['messages'] as const

export function getMailStatus(signal?: AbortSignal): Promise<MailStatus> {
  return apiJson<MailStatus>('GET', '/api/messages/status', undefined, signal)
}

export function getMailStatusQueryOptions() {
  return queryOptions({
    queryKey: [...messagesQueryKey, 'status'],
    queryFn: ({ signal }) => getMailStatus(signal),
  })
}

export function useMailStatus() {
  return useQuery(getMailStatusQueryOptions())
}
