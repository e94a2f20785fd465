import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { UnreadCount } from '@common/notifications'
import {
  notificationCountQueryKey,
  notificationsQueryKey,
  scopeSearchParams,
  type NotificationScope,
} from './notification-scope'

export function markNotificationRead(scope: NotificationScope, id: string): Promise<UnreadCount> {
  return apiJson<UnreadCount>(
    'PUT',
    `/api/notifications/${encodeURIComponent(id)}/read?${scopeSearchParams(scope)}`,
  )
}

export function useMarkNotificationRead(scope: NotificationScope) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(scope, id),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<UnreadCount>(notificationCountQueryKey(scope), { unread })
      return queryClient.invalidateQueries({ queryKey: notificationsQueryKey(scope) })
    },
  })
}
