import { useQuery } from '@tanstack/react-query'
import type { MessagePreferences } from '@common/messages'
import { apiJson } from '@/lib/api-client'
import { personMessagesQueryKey } from './get-person-messages'

export function getMessagePreferences(personId: string, signal?: AbortSignal) {
  return apiJson<MessagePreferences>(
    'GET',
    `/api/messages/people/${encodeURIComponent(personId)}/preferences`,
    undefined,
    signal,
  )
}

/** Whether the person unsubscribed from reminders; refreshed with their messages. */
export function useMessagePreferences(personId: string) {
  return useQuery({
    queryKey: [...personMessagesQueryKey(personId), 'preferences'],
    queryFn: ({ signal }) => getMessagePreferences(personId, signal),
  })
}
