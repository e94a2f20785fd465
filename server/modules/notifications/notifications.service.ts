import { and, count, desc, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm'
import {
  clipAtWord,
  type Notification,
  type NotificationScope,
} from '../../../common/notifications'
import type { Db } from '../../db/client'
import { notifications } from '../../db/schema/notifications'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { EventBus } from '../../realtime/event-bus'

export type NewNotification = {
  type: 'support_ticket_created' | 'support_reply' | 'trial_signup' | (string & {})
  entityId: string
  recipientRole: 'admin' | 'customer'
  recipientKey?: string | null
  title: string
  body: string
}

type NotificationRow = typeof notifications.$inferSelect

// The column's length: a longer title (a customer's name and subject) ends at a word.
const titleMaxLength = 255

export function presentNotification(row: NotificationRow): Notification {
  return { ...row, createdAt: row.createdAt.toISOString() }
}

/**
 * Whose notifications: a key may be left to fill in when a prepared statement runs; `kinds`
 * narrows the staff's shared notifications to those a role is told of (support agents).
 */
export type Recipients = {
  role: NotificationScope['role']
  key?: string | Placeholder | null
  kinds?: readonly string[]
}

/** Admin notifications are shared by all admins (no key); a customer's are keyed by ticket id. */
function inScope(scope: Recipients): SQL {
  return and(
    eq(notifications.recipientRole, scope.role),
    scope.role === 'admin'
      ? isNull(notifications.recipientKey)
      : eq(notifications.recipientKey, scope.key ?? ''),
    scope.kinds ? inArray(notifications.type, [...scope.kinds]) : undefined,
  )!
}

/** A notification's row as stored: every notification has the same columns. */
export function notificationValues(notification: NewNotification) {
  return {
    ...notification,
    title: clipAtWord(notification.title, titleMaxLength),
    recipientKey: notification.recipientKey ?? null,
  }
}

/**
 * The statement that stores a notification's row, answering it: run alone, or inside a larger
 * statement (the chat stores a message and its notification in one).
 */
export function insertNotification(db: Db, values: PgInsertValue<typeof notifications>) {
  return db.insert(notifications).values(values).returning()
}

/** Stores a notification; call `publishNotification` once the transaction has committed. */
export async function createNotification(
  db: Db,
  notification: NewNotification,
): Promise<Notification> {
  const [row] = await insertNotification(db, notificationValues(notification))
  return presentNotification(row!)
}

/**
 * The recipients' unread count once a notification to them is stored, for the statement that
 * stores it: the row it inserts is not yet visible to that statement, hence the one added.
 */
export function unreadWithInserted(db: Db, scope: Recipients): SQL<number> {
  const unread = db
    .select({ unread: count() })
    .from(notifications)
    .where(and(inScope(scope), eq(notifications.read, false)))
  return sql`(${unread}) + 1`.mapWith(Number)
}

/** `unread`, when the caller knows it, spares every process counting for its sockets. */
export function publishNotification(
  bus: EventBus,
  notification: Notification,
  unread?: number,
): Promise<void> {
  return bus.publish({ kind: 'notification', notification, unread })
}

export async function listNotifications(
  db: Db,
  scope: Recipients,
  limit: number,
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(inScope(scope))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
  return rows.map(presentNotification)
}

export async function countUnread(db: Db, scope: Recipients): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(inScope(scope), eq(notifications.read, false)))
  return row?.unread ?? 0
}

/** Marks one notification read; false when it is not the caller's to mark. */
export async function markRead(db: Db, scope: Recipients, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), inScope(scope)))
    .returning({ id: notifications.id })
  return rows.length > 0
}

/** Marks every unread notification of the scope read, or only those of one kind. */
export async function markAllRead(db: Db, scope: Recipients, type?: string): Promise<void> {
  await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        inScope(scope),
        eq(notifications.read, false),
        type ? eq(notifications.type, type) : undefined,
      ),
    )
}
