import { and, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Notification } from '../../../common/notifications'
import { supportAgentName } from '../../../common/support'
import type { Db } from '../../db/client'
import { boundValues, placeholdersFor } from '../../db/placeholders'
import { chatMessages } from '../../db/schema/chat-messages'
import { notifications } from '../../db/schema/notifications'
import { supportTickets } from '../../db/schema/support-tickets'
import { users } from '../../db/schema/users'
import {
  insertReplyEmail,
  skipPendingReplyEmail,
  type supportReplyValues,
} from '../messages/outbox.service'
import {
  insertNotification,
  notificationValues,
  presentNotification,
  unreadWithInserted,
  type NewNotification,
} from '../notifications/notifications.service'

type ChatMessageRow = typeof chatMessages.$inferSelect

/** Everything one chat message stores. */
export type ChatWrite = {
  /** The message, but for its sender's name. */
  message: Omit<ChatMessageRow, 'senderName'>
  /** Who is named as the sender: the agent by their display name as the write reads it. */
  sender: { agentId: string } | { customerName: string }
  notification: NewNotification
  /** An agent's reply is e-mailed unless the customer is, or turns out to be, in the chat. */
  email: ReturnType<typeof supportReplyValues> | null
}

type TicketRow = typeof supportTickets.$inferSelect

/** An agent's display name, read by the statement that stores their message. */
function agentNameOf(db: Db, agentId: Placeholder): SQL<string> {
  const chosen = db
    .select({ name: users.supportDisplayName })
    .from(users)
    .where(eq(users.id, agentId))
  return sql<string>`coalesce((${chosen}), ${supportAgentName})`
}

/**
 * An agent's first reply takes the ticket: an open one moves to in progress, an unassigned one
 * becomes theirs. Later replies leave it as the agents set it. The check for an earlier reply
 * reads the statement's snapshot, which does not hold the reply being stored.
 */
function takeTicket(db: Db, ticketId: Placeholder, agentId: Placeholder, at: Placeholder) {
  const agentUsername = db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, agentId))
  const earlierReply = db
    .select({ one: sql`1` })
    .from(chatMessages)
    .where(and(eq(chatMessages.ticketId, ticketId), eq(chatMessages.senderType, 'admin')))
  return db
    .update(supportTickets)
    .set({
      status: sql`case when ${supportTickets.status} = 'open' then 'in_progress' else ${supportTickets.status} end`,
      assignedTo: sql`coalesce(${supportTickets.assignedTo}, (${agentUsername}))`,
      updatedAt: sql`${at}`,
    })
    .where(
      and(
        eq(supportTickets.id, ticketId),
        sql`(${supportTickets.status} = 'open' or ${supportTickets.assignedTo} is null)`,
        sql`not exists (${earlierReply})`,
      ),
    )
    .returning()
}

/**
 * The statement for a write of `sample`'s kind, with placeholders for every value. Built and
 * prepared once: building it costs more than running it on PGlite, and on PostgreSQL it is parsed
 * and planned once per connection.
 */
function prepareStore(db: Db, sample: ChatWrite) {
  const message = placeholdersFor('message', sample.message)
  const sender = placeholdersFor('sender', sample.sender)
  const isReply = 'agentId' in sender
  const senderName = isReply ? agentNameOf(db, sender.agentId) : sender.customerName
  const sent = db.$with('message', { senderName: chatMessages.senderName }).as(
    db
      .insert(chatMessages)
      .values({ ...message, senderName })
      .returning({ senderName: chatMessages.senderName })
      .getSQL(),
  )
  const notification = placeholdersFor('notification', notificationValues(sample.notification))
  const stored = db
    .$with('notification', getTableColumns(notifications))
    .as(insertNotification(db, notification).getSQL())
  const email = sample.email ? placeholdersFor('email', sample.email) : null
  const replyOnly =
    isReply && email
      ? [
          db.$with('reply_email', {}).as(insertReplyEmail(db, email).getSQL()),
          db.$with('read_live', {}).as(skipPendingReplyEmail(db, email).getSQL()),
        ]
      : []
  const taken = db
    .$with('taken', getTableColumns(supportTickets))
    .as(
      isReply
        ? takeTicket(db, message.ticketId, sender.agentId, message.createdAt).getSQL()
        : sql`select * from ${supportTickets} where false`,
    )
  const recipients = { role: sample.notification.recipientRole, key: notification.recipientKey }
  return db
    .with(sent, stored, taken, ...replyOnly)
    .select({
      senderName: sent.senderName,
      notification: stored._.selectedFields,
      unread: unreadWithInserted(db, recipients),
      taken: taken._.selectedFields,
    })
    .from(stored)
    .crossJoin(sent)
    .leftJoin(taken, sql`true`)
    .prepare(isReply ? 'store_chat_reply' : 'store_chat_message')
}

type PreparedStore = ReturnType<typeof prepareStore>
const prepared = new WeakMap<Db, { reply?: PreparedStore; message?: PreparedStore }>()

/**
 * Stores a message, its notification and (for an agent's reply) its e-mail and the ticket's
 * taking in one statement, atomic on its own and one round trip: all commit together or not at
 * all (decision 0012).
 * Answers the sender's name as stored, and the notification with its recipients' unread count,
 * read in the same statement; a resent clientMessageId makes the statement fail whole.
 */
export async function storeChatMessage(
  db: Db,
  write: ChatWrite,
): Promise<{
  senderName: string
  notification: Notification
  unread: number
  /** The ticket as an agent's first reply left it, when the reply took it. */
  taken: TicketRow | null
}> {
  const kind = 'agentId' in write.sender ? 'reply' : 'message'
  const statements = prepared.get(db) ?? {}
  prepared.set(db, statements)
  const statement = (statements[kind] ??= prepareStore(db, write))
  const [row] = await statement.execute(
    boundValues({
      message: write.message,
      sender: write.sender,
      notification: notificationValues(write.notification),
      email: write.email,
    }),
  )
  return {
    senderName: row!.senderName,
    notification: presentNotification(row!.notification),
    unread: row!.unread,
    taken: row!.taken?.id ? (row!.taken as TicketRow) : null,
  }
}
