import type { Notification } from '@common/notifications'

/**
 * The admin bell hears of new notifications through this window event, which the
 * Business Center's socket handler dispatches.
 */
export const adminNotificationEventName = 'admin-notification-received'

export function dispatchAdminNotification(notification: Notification): void {
  window.dispatchEvent(new CustomEvent(adminNotificationEventName, { detail: notification }))
}
