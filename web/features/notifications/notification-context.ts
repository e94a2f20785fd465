import { createContext, use } from 'react'
import type { Notification } from '@common/notifications'

export type NotificationCenter = {
  /** An admin's bell groups by kind and links each notification to its record. */
  isAdmin: boolean
  /** Newest first: the latest 20 for a customer, 10 for an admin. */
  notifications: Notification[]
  isLoading: boolean
  unread: number
  isConnected: boolean
  isSoundOn: boolean
  toggleSound: () => void
  markRead: (id: string) => void
  /** Every kind, or only `type`. */
  markAllRead: (type?: string) => void
  isMarkingAllRead: boolean
}

export const NotificationContext = createContext<NotificationCenter | null>(null)

export function useNotifications(): NotificationCenter {
  const center = use(NotificationContext)
  if (!center) throw new Error('useNotifications must be used within a NotificationProvider')
  return center
}
