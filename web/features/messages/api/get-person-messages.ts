import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OutboxMessage } from '@common/messages'
import { apiJson } from '@/lib/api-client'
import { messagesQueryKey } from './get-mail-status'

export const personMessagesQueryKey = (personId: string) =>
  [...messagesQueryKey, 'person', personId] as const

export function getPersonMessages(personId: string, signal?: AbortSignal) {
  return apiJson<OutboxMessage[]>(
    'GET',
    `/api/messages/people/${encodeURIComponent(personId)}`,
    undefined,
    signal,
  )
}

export function getPersonMessagesQueryOptions(personId: string) {
  return queryOptions({
    queryKey: personMessagesQueryKey(personId),
    queryFn: ({ signal }) => getPersonMessages(personId, signal),
    // Queued messages go out within seconds: the list follows them while it is open.
    refetchInterval: (query) =>
      query.state.data?.some(
        (message) => message.status === 'queued' || message.status === 'sending',
      )
        ? 5_000
        : false,
    staleTime: 0,
  })
}

export function usePersonMessages(personId: string) {
  return useQuery(getPersonMessagesQueryOptions(personId))
}
