import { queryOptions } from '@tanstack/react-query'
import type { Notification } from '@common/notifications'
import { apiJson } from '@/lib/api-client'
import {
  notificationListQueryKey,
  scopeSearchParams,
  type NotificationScope,
} from './notification-scope'

/** The public bell shows the latest 20. */
export const customerBellSize = 20

/** A customer's latest notifications, newest first. */
export function getNotifications(
  scope: NotificationScope,
  signal?: AbortSignal,
): Promise<Notification[]> {
  const params = scopeSearchParams(scope)
  params.set('limit', String(customerBellSize))
  return apiJson<Notification[]>('GET', `/api/notifications?${params}`, undefined, signal)
}

export function getNotificationsQueryOptions(scope: NotificationScope, pollMs: number | false) {
  return queryOptions({
    queryKey: notificationListQueryKey(scope),
    queryFn: ({ signal }) => getNotifications(scope, signal),
    refetchInterval: pollMs,
  })
}
