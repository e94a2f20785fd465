import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { UnreadCount } from './get-notification-count'
import {
  notificationCountQueryKey,
  notificationsQueryKey,
  scopeSearchParams,
  type NotificationScope,
} from './notification-scope'

export function markAllNotificationsRead(scope: NotificationScope): Promise<UnreadCount> {
  return apiJson<UnreadCount>('PUT', `/api/notifications/read-all?${scopeSearchParams(scope)}`)
}

export function useMarkAllNotificationsRead(scope: NotificationScope) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => markAllNotificationsRead(scope),
    onSuccess: () => {
      queryClient.setQueryData<UnreadCount>(notificationCountQueryKey(scope), { unread: 0 })
      return queryClient.invalidateQueries({ queryKey: notificationsQueryKey(scope) })
    },
  })
}
