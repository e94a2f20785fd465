import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useMemo, type ReactNode } from 'react'
import type { Notification, NotificationRole, UnreadCount } from '@common/notifications'
import { adminNotificationEventName } from '@/lib/admin-notification-event'
import { useLiveSocketFrames, useLiveSocketStatus } from '@/lib/live-socket-context'
import { showToast } from '@/lib/toast'
import { adminBellSize, getAdminNotificationsQueryOptions } from '../api/get-admin-notifications'
import { getNotificationCountQueryOptions } from '../api/get-notification-count'
import { customerBellSize, getNotificationsQueryOptions } from '../api/get-notifications'
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read'
import { useMarkNotificationRead } from '../api/mark-notification-read'
import { notificationCountQueryKey, notificationListQueryKey } from '../api/notification-scope'
import {
  playNotificationSound,
  requestBrowserNotificationPermission,
  showBrowserNotification,
} from '../notification-alerts'
import { NotificationContext } from '../notification-context'
import { useSoundSetting } from '../use-sound-setting'

type NotificationProviderProps = {
  role: NotificationRole
  /** A customer's ticket id; ignored for admins. */
  notificationKey: string | null
  children: ReactNode
}

// Customers hear of notifications on the socket and poll only while it is down.
const fallbackPollMs = 10_000

/**
 * The bell's state for one role. Customers get notifications and counts from the live socket;
 * admins from the 'admin-notification-received' window event.
 */
export function NotificationProvider({
  role,
  notificationKey,
  children,
}: NotificationProviderProps) {
  const isAdmin = role === 'admin'
  const scope = useMemo(
    () => ({ role, key: isAdmin ? null : notificationKey }),
    [role, isAdmin, notificationKey],
  )
  const queryClient = useQueryClient()
  const isConnected = useLiveSocketStatus() === 'connected'
  const pollMs = isAdmin ? 10_000 : isConnected ? false : fallbackPollMs
  const list = useQuery(
    isAdmin ? getAdminNotificationsQueryOptions() : getNotificationsQueryOptions(scope, pollMs),
  )
  const count = useQuery(getNotificationCountQueryOptions(scope, pollMs))
  const markRead = useMarkNotificationRead(scope)
  const markAllRead = useMarkAllNotificationsRead(scope)
  const [isSoundOn, toggleSound] = useSoundSetting()

  useEffect(requestBrowserNotificationPermission, [])

  const receive = (notification: Notification) => {
    queryClient.setQueryData<Notification[]>(notificationListQueryKey(scope), (shown) =>
      shown
        ? [notification, ...shown.filter(({ id }) => id !== notification.id)].slice(
            0,
            isAdmin ? adminBellSize : customerBellSize,
          )
        : shown,
    )
    if (isSoundOn) playNotificationSound()
    showBrowserNotification(notification)
  }

  useLiveSocketFrames((frame) => {
    if (isAdmin) return
    if (frame.type === 'notification:new') receive(frame.data)
    else if (frame.type === 'counter:update')
      queryClient.setQueryData<UnreadCount>(notificationCountQueryKey(scope), frame.data)
  })

  const handleAdminNotification = useEffectEvent((event: Event) => {
    receive((event as CustomEvent<Notification>).detail)
    void queryClient.invalidateQueries({ queryKey: notificationCountQueryKey(scope) })
  })
  useEffect(() => {
    if (!isAdmin) return
    const listener = (event: Event) => handleAdminNotification(event)
    window.addEventListener(adminNotificationEventName, listener)
    return () => window.removeEventListener(adminNotificationEventName, listener)
  }, [isAdmin])

  const center = {
    isAdmin,
    notifications: list.data ?? [],
    isLoading: list.isPending,
    unread: Math.max(0, count.data?.unread ?? 0),
    isConnected,
    isSoundOn,
    toggleSound,
    markRead: (id: string) =>
      markRead.mutate(id, {
        onError: () =>
          showToast({ title: 'Failed to mark notification as read', variant: 'destructive' }),
      }),
    markAllRead: (type?: string) =>
      markAllRead.mutate(type, {
        onError: () =>
          showToast({ title: 'Failed to mark all notifications as read', variant: 'destructive' }),
      }),
    isMarkingAllRead: markAllRead.isPending,
  }
  return <NotificationContext value={center}>{children}</NotificationContext>
}
