import type { QueryClient } from '@tanstack/react-query'
import type { NotificationRole } from '@common/notifications'

/** Whose notifications: an admin's (by session cookie) or a customer's, keyed by ticket id. */
export type NotificationScope = { role: NotificationRole; key: string | null }

const notificationsRootKey = ['notifications'] as const

export const notificationsQueryKey = ({ role, key }: NotificationScope) =>
  [...notificationsRootKey, role, key] as const

/** Fetches every shown list and count again (live notifications may have been missed). */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationsRootKey })
}

export const notificationListQueryKey = (scope: NotificationScope) =>
  [...notificationsQueryKey(scope), 'list'] as const

export const notificationCountQueryKey = (scope: NotificationScope) =>
  [...notificationsQueryKey(scope), 'count'] as const

/** `role=…&key=…` for the notification endpoints; admins send no key. */
export function scopeSearchParams({ role, key }: NotificationScope): URLSearchParams {
  const params = new URLSearchParams({ role })
  if (role !== 'admin' && key) params.set('key', key)
  return params
}
