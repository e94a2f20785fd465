import { queryOptions } from '@tanstack/react-query'
import type { Notification } from '@common/notifications'
import { apiJson } from '@/lib/api-client'
import { notificationListQueryKey } from './notification-scope'

/** The admin dropdown shows the latest 10; the server decides how many. */
export const adminBellSize = 10

export function getAdminNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return apiJson<Notification[]>('GET', '/api/notifications/admin/', undefined, signal)
}

/** The admin bell refreshes every 10 s. */
export function getAdminNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationListQueryKey({ role: 'admin', key: null }),
    queryFn: ({ signal }) => getAdminNotifications(signal),
    refetchInterval: 10_000,
  })
}
