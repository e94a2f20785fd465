import { randomUUID } from 'node:crypto'
import { and, desc, eq, getTableColumns, sql, type SQLWrapper } from 'drizzle-orm'
import type { z } from 'zod'
import type { Notification } from '../../../common/notifications'
import {
  supportAgentName,
  type ChatMessage,
  type sendChatMessageInput,
} from '../../../common/support'
import type { Db } from '../../db/client'
import { chatMessages } from '../../db/schema/chat-messages'
import { notifications } from '../../db/schema/notifications'
import { supportTickets } from '../../db/schema/support-tickets'
import { users } from '../../db/schema/users'
import { isUniqueViolation } from '../../lib/database-errors'
import { conflict, forbidden, notFound } from '../../lib/http-error'
import type { RateLimiter } from '../../lib/rate-limiter'
import { enforceLimit, publicWriteLimits } from '../../plugins/rate-limit'
import type { EventBus } from '../../realtime/event-bus'
import {
  insertNotification,
  presentNotification,
  publishNotification,
  unreadWithInserted,
  type NewNotification,
} from '../notifications/notifications.service'
import { insertSupportReply } from '../messages/outbox.service'

type ChatMessageRow = typeof chatMessages.$inferSelect
type TicketRow = typeof supportTickets.$inferSelect

export function presentChatMessage(row: ChatMessageRow): ChatMessage {
  return { ...row, createdAt: row.createdAt.toISOString() }
}

// A conversation longer than this shows its latest part.
const historyLimit = 500
const previewLength = 120

export async function listChatMessages(
  db: Db,
  ticketId: string,
  { lastOnly }: { lastOnly: boolean },
) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.ticketId, ticketId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(lastOnly ? 1 : historyLimit)
  return rows.reverse().map(presentChatMessage)
}

/** Who sends: a signed-in agent, or a customer known by their address (for the rate limit). */
export type Sender = { kind: 'admin'; adminId: string } | { kind: 'customer'; ip: string }

/** What storing a chat message needs of the app. */
export type ChatDeps = {
  db: Db
  bus: EventBus
  rateLimiter: RateLimiter
  now(): Date
  /** Whether a customer has this ticket's chat open on a socket of this process. */
  isCustomerInChat(ticketId: string): boolean
}

/**
 * The message a resend refers to. Its id must have named the same text from the same side: an id
 * reused for something else is the client's mistake, never a reason to answer another message.
 */
async function findResentMessage(
  tx: Db,
  stored: Pick<ChatMessageRow, 'ticketId' | 'senderType' | 'message'>,
  clientMessageId: string,
): Promise<ChatMessage> {
  const [row] = await tx
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.ticketId, stored.ticketId),
        eq(chatMessages.clientMessageId, clientMessageId),
      ),
    )
  if (!row || row.senderType !== stored.senderType || row.message !== stored.message) {
    throw conflict('clientMessageId was already used for another message')
  }
  return presentChatMessage(row)
}

/**
 * Stores a message, its notification and (for an agent's reply) its e-mail in one statement,
 * atomic on its own and one round trip: the three commit together or not at all (decision 0012).
 * Answers the stored notification with its recipients' unread count, read in the same statement;
 * a resent clientMessageId makes the statement fail whole.
 */
async function storeChatMessage(
  db: Db,
  message: ChatMessageRow,
  ticket: TicketRow,
  notification: NewNotification,
  isReadLive: boolean,
): Promise<{ notification: Notification; unread: number }> {
  const cte = (name: string, query: SQLWrapper) => db.$with(name, {}).as(query.getSQL())
  const stored = db
    .$with('notification', getTableColumns(notifications))
    .as(insertNotification(db, notification).returning().getSQL())
  const writes = [cte('message', db.insert(chatMessages).values(message)), stored]
  // E-mailed unless the customer is, or turns out to be, in the chat (messages/chat-presence).
  if (message.senderType === 'admin') {
    const email = insertSupportReply(db, ticket, message, message.createdAt, isReadLive)
    writes.push(cte('reply_email', email))
  }
  const [row] = await db
    .with(...writes)
    .select({
      notification: stored._.selectedFields,
      unread: unreadWithInserted(db, notification),
    })
    .from(stored)
  return { notification: presentNotification(row!.notification), unread: row!.unread }
}

/**
 * The one write path of a chat message, for POST /api/chat-messages and the socket's
 * send_message alike: limits customers per IP (one count for both ways in), stores the message,
 * then tells every process's sockets and notifies the other side. Persisting first means a
 * client that reconnects and refetches loses nothing. Two statements in all: the ticket with the
 * agent's name, then the write; the sockets hear of it the moment it is durable.
 */
export async function sendChatMessage(
  { db, bus, rateLimiter, now: clock, isCustomerInChat }: ChatDeps,
  sender: Sender,
  input: z.output<typeof sendChatMessageInput>,
): Promise<ChatMessage> {
  const now = clock()
  // Signed-in staff are not limited: an agent answering many chats is not abuse.
  if (sender.kind === 'customer')
    await enforceLimit(rateLimiter, publicWriteLimits.chatMessage, sender.ip, now)
  if (input.senderType === 'admin' && sender.kind !== 'admin') {
    throw forbidden('Only support agents may send messages as admin')
  }
  const agentId = sender.kind === 'admin' && input.senderType === 'admin' ? sender.adminId : null
  const [found] = await db
    .select({ ticket: supportTickets, agentName: users.supportDisplayName })
    .from(supportTickets)
    .leftJoin(users, agentId ? eq(users.id, agentId) : sql`false`)
    .where(eq(supportTickets.id, input.ticketId))
  if (!found) throw notFound('Ticket not found')
  const { ticket } = found
  const preview =
    input.message.length > previewLength
      ? `${input.message.slice(0, previewLength)}…`
      : input.message

  const message: ChatMessageRow = {
    // Chosen here so that the reply's e-mail, in the same statement, can name it.
    id: randomUUID(),
    ticketId: ticket.id,
    senderType: agentId ? 'admin' : 'customer',
    // The server names the sender: an agent by their display name, a customer by their ticket's.
    senderName: agentId ? (found.agentName ?? supportAgentName) : ticket.customerName,
    message: input.message,
    clientMessageId: input.clientMessageId ?? null,
    createdAt: now,
  }
  const notification: NewNotification = agentId
    ? {
        type: 'support_reply',
        entityId: ticket.id,
        recipientRole: 'customer',
        recipientKey: ticket.id,
        title: 'Support replied',
        body: preview,
      }
    : {
        type: 'support_reply',
        entityId: ticket.id,
        recipientRole: 'admin',
        title: `${ticket.customerName}: ${ticket.subject}`,
        body: preview,
      }

  // Seen now rather than once delivered: then nothing is left to write after the reply.
  const isReadLive = Boolean(agentId) && isCustomerInChat(ticket.id)
  let stored: Awaited<ReturnType<typeof storeChatMessage>>
  try {
    stored = await storeChatMessage(db, message, ticket, notification, isReadLive)
  } catch (error) {
    // A resend (its answer lost) was stored, and told to everyone, the first time; a concurrent
    // copy waits here for the first to commit.
    if (!isUniqueViolation(error, 'chat_messages_ticket_client_message_idx')) throw error
    return findResentMessage(db, message, input.clientMessageId!)
  }
  const sent = presentChatMessage(message)
  await bus.publish({ kind: 'chat_message', message: sent, isReadLive })
  await publishNotification(bus, stored.notification, stored.unread)
  return sent
}
