import { z } from 'zod'
import type { AdminRole } from './admin-users'
import { adminPaths } from './routes'

export const notificationRoles = ['admin', 'customer'] as const
export type NotificationRole = (typeof notificationRoles)[number]

export const notification = z.object({
  id: z.uuid(),
  type: z.string(),
  entityId: z.string(),
  recipientRole: z.string(),
  recipientKey: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
})
export type Notification = z.infer<typeof notification>

/** How many of the caller's notifications are unread (the bell's count). */
export const unreadCount = z.object({ unread: z.number().int() })
export type UnreadCount = z.infer<typeof unreadCount>

/** Who is asking: an admin (by session), or a customer by the ticket id they hold. */
export const notificationScope = z
  .object({
    role: z.enum(notificationRoles, { error: 'role must be admin or customer' }),
    key: z.string().trim().max(255).nullish(),
  })
  .refine((scope) => scope.role === 'admin' || !!scope.key, {
    message: 'key is required for customer notifications',
    path: ['key'],
  })
export type NotificationScope = z.infer<typeof notificationScope>

/** Marking all read, optionally of one kind only (`type`). */
export const markAllReadQuery = z.intersection(
  notificationScope,
  z.object({
    type: z.string().trim().min(1).max(50, 'type must be at most 50 characters').optional(),
  }),
)

export const notificationListQuery = z.intersection(
  notificationScope,
  z.object({
    limit: z.coerce.number().int().min(1).max(50, 'limit must be at most 50').default(20),
  }),
)

/** The badge text: the count, capped at 99+. */
export function unreadBadge(unread: number): string {
  const count = Math.max(0, unread)
  return count > 99 ? '99+' : String(count)
}

/** The kinds admins are told of, in the order the bell groups them, with where each leads. */
const adminKinds: Record<string, { label: string; href: (entityId: string) => string }> = {
  trial_signup: { label: 'Trial requests', href: adminPaths.person },
  support_ticket_created: { label: 'New tickets', href: adminPaths.ticket },
  support_reply: { label: 'Customer replies', href: adminPaths.ticket },
  payment_needs_review: { label: 'Payments to review', href: adminPaths.person },
  payment_received: { label: 'Payments', href: adminPaths.person },
  supplier_drift: { label: 'Supplier panel', href: () => adminPaths.section('tools') },
  supplier_credits_low: { label: 'Supplier credits', href: () => adminPaths.section('tools') },
  supplier_refused: { label: 'Supplier panel', href: () => adminPaths.section('tools') },
}

/** What a support agent's bell shows: new people and the inbox, never money or the supplier. */
export const supportNotificationKinds = ['trial_signup', 'support_ticket_created', 'support_reply']

/** Whether staff of `role` are told of notifications of kind `type`. */
export const isNotificationForRole = (type: string, role: AdminRole) =>
  role !== 'support' || supportNotificationKinds.includes(type)

/** A kind's heading in the bell; an unknown kind is grouped under "Other". */
export const notificationKindLabel = (type: string) => adminKinds[type]?.label ?? 'Other'

/** The order of a kind's group in the bell (unknown kinds last). */
export function notificationKindRank(type: string): number {
  const rank = Object.keys(adminKinds).indexOf(type)
  return rank === -1 ? Number.MAX_SAFE_INTEGER : rank
}

/** Where an admin's notification leads: its trial request, its ticket, or Admin Tools. */
export function notificationHref({ type, entityId }: Pick<Notification, 'type' | 'entityId'>) {
  return adminKinds[type]?.href(entityId) ?? null
}

/** A title at most `max` characters long, cut at a word and ended with '…', never mid-word. */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}
