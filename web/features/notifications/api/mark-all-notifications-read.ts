import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { UnreadCount } from '@common/notifications'
import {
  notificationCountQueryKey,
  notificationsQueryKey,
  scopeSearchParams,
  type NotificationScope,
} from './notification-scope'

/** Marks every notification of the scope read, or only those of one kind (`type`). */
export function markAllNotificationsRead(
  scope: NotificationScope,
  type?: string,
): Promise<UnreadCount> {
  const params = scopeSearchParams(scope)
  if (type) params.set('type', type)
  return apiJson<UnreadCount>('PUT', `/api/notifications/read-all?${params}`)
}

export function useMarkAllNotificationsRead(scope: NotificationScope) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (type?: string) => markAllNotificationsRead(scope, type),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<UnreadCount>(notificationCountQueryKey(scope), { unread })
      return queryClient.invalidateQueries({ queryKey: notificationsQueryKey(scope) })
    },
  })
}
