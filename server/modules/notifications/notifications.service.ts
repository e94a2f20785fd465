import type { Db } from '../../db/client'
import { notifications } from '../../db/schema/notifications'

export type NewNotification = {
  type: 'support_ticket_created' | 'support_reply' | 'trial_signup' | (string & {})
  entityId: string
  recipientRole: 'admin' | 'customer'
  recipientKey?: string | null
  title: string
  body: string
}

/** Stores a notification for a role (and, for customers, the ticket key that scopes it). */
export async function createNotification(db: Db, notification: NewNotification) {
  const [row] = await db
    .insert(notifications)
    .values({ ...notification, recipientKey: notification.recipientKey ?? null })
    .returning()
  return row!
}
