import { queryOptions } from '@tanstack/react-query'
import type { UnreadCount } from '@common/notifications'
import { apiJson } from '@/lib/api-client'
import {
  notificationCountQueryKey,
  scopeSearchParams,
  type NotificationScope,
} from './notification-scope'

export function getNotificationCount(
  scope: NotificationScope,
  signal?: AbortSignal,
): Promise<UnreadCount> {
  return apiJson<UnreadCount>(
    'GET',
    `/api/notifications/count?${scopeSearchParams(scope)}`,
    undefined,
    signal,
  )
}

export function getNotificationCountQueryOptions(scope: NotificationScope, pollMs: number | false) {
  return queryOptions({
    queryKey: notificationCountQueryKey(scope),
    queryFn: ({ signal }) => getNotificationCount(scope, signal),
    refetchInterval: pollMs,
  })
}
