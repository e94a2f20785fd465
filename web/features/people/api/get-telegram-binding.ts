import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TelegramBinding } from '@common/telegram'
import { apiJson } from '@/lib/api-client'
import { personViewQueryKey } from './get-person-view'

export const telegramBindingPath = (personId: string) =>
  `/api/trial-requests/${encodeURIComponent(personId)}/telegram`

/** Whether the person gets their messages on Telegram too (pressed Start on their link). */
export function getTelegramBinding(personId: string, signal?: AbortSignal) {
  return apiJson<TelegramBinding>('GET', telegramBindingPath(personId), undefined, signal)
}

// Under the view's key: refreshing the view refreshes it.
export function getTelegramBindingQueryOptions(personId: string) {
  return queryOptions({
    queryKey: [...personViewQueryKey, personId, 'telegram'],
    queryFn: ({ signal }) => getTelegramBinding(personId, signal),
  })
}

export function useTelegramBinding(personId: string) {
  return useQuery(getTelegramBindingQueryOptions(personId))
}
