import { z } from 'zod'

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
