import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { ChatMessage, SupportTicket, sendChatMessageInput } from '../../../common/support'
import type { Db } from '../../db/client'
import { chatMessages } from '../../db/schema/chat-messages'
import { isUniqueViolation } from '../../lib/database-errors'
import { conflict, forbidden, notFound } from '../../lib/http-error'
import type { RateLimiter } from '../rate-limits/rate-limiter'
import { enforceLimit, publicWriteLimits } from '../rate-limits/limits'
import type { EventBus } from '../../realtime/event-bus'
import { publishNotification, type NewNotification } from '../notifications/notifications.service'
import { supportReplyValues } from '../messages/outbox.service'
import { storeChatMessage } from './chat-write'
import type { TicketContacts } from './ticket-contacts'
import { presentTicket } from './tickets.service'

type ChatMessageRow = typeof chatMessages.$inferSelect

export function presentChatMessage(row: ChatMessageRow): ChatMessage {
  return { ...row, createdAt: row.createdAt.toISOString() }
}

// A conversation longer than this shows its latest part.
const historyLimit = 500
const previewLength = 120

/**
 * The ticket's description as the customer's first message: it is what they wrote, and a chat
 * that starts with an agent's answer to nothing reads wrong on both sides. It is not stored as a
 * message (the ticket holds it); it carries the ticket's id and time.
 */
export function descriptionMessage(
  ticket: Pick<SupportTicket, 'id' | 'customerName' | 'description' | 'createdAt'>,
): ChatMessage {
  return {
    id: ticket.id,
    ticketId: ticket.id,
    senderType: 'customer',
    senderName: ticket.customerName,
    message: ticket.description,
    clientMessageId: null,
    createdAt: ticket.createdAt,
  }
}

/** A ticket's conversation, oldest first, opening with its description. */
export async function listChatMessages(
  db: Db,
  ticket: SupportTicket,
  { lastOnly }: { lastOnly: boolean },
): Promise<ChatMessage[]> {
  const limit = lastOnly ? 1 : historyLimit
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.ticketId, ticket.id))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit)
  const messages = rows.reverse().map(presentChatMessage)
  // A history cut at its limit no longer reaches back to the description.
  return rows.length < limit ? [descriptionMessage(ticket), ...messages] : messages
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
  ticketContacts: TicketContacts
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
 * The one write path of a chat message, for POST /api/chat-messages and the socket's
 * send_message alike: limits customers per IP (one count for both ways in), stores the message,
 * then tells every process's sockets and notifies the other side. Persisting first means a
 * client that reconnects and refetches loses nothing. One statement when the ticket is at hand
 * (ticket-contacts); the sockets hear of it the moment it is durable.
 */
export async function sendChatMessage(
  { db, bus, rateLimiter, now: clock, isCustomerInChat, ticketContacts }: ChatDeps,
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
  const ticket = await ticketContacts.find(input.ticketId)
  if (!ticket) throw notFound('Ticket not found')
  const preview =
    input.message.length > previewLength
      ? `${input.message.slice(0, previewLength)}…`
      : input.message

  const message = {
    // Chosen here so that the reply's e-mail, in the same statement, can name it.
    id: randomUUID(),
    ticketId: ticket.id,
    senderType: agentId ? ('admin' as const) : ('customer' as const),
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
    stored = await storeChatMessage(db, {
      message,
      // The server names the sender: an agent by their display name, a customer by their ticket's.
      sender: agentId ? { agentId } : { customerName: ticket.customerName },
      notification,
      email: agentId ? supportReplyValues(ticket, message, now, isReadLive) : null,
    })
  } catch (error) {
    // A resend (its answer lost) was stored, and told to everyone, the first time; a concurrent
    // copy waits here for the first to commit.
    if (!isUniqueViolation(error, 'chat_messages_ticket_client_message_idx')) throw error
    return findResentMessage(db, message, input.clientMessageId!)
  }
  const sent = presentChatMessage({ ...message, senderName: stored.senderName })
  await bus.publish({ kind: 'chat_message', message: sent, isReadLive })
  await publishNotification(bus, stored.notification, stored.unread)
  // The lobbies and the customer's ticket card show it in progress, and whose it is.
  if (stored.taken)
    await bus.publish({ kind: 'ticket_updated', ticket: presentTicket(stored.taken) })
  return sent
}
