import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { type ChatMessage, type sendChatMessageInput } from '../../../common/support'
import type { Db } from '../../db/client'
import { chatMessages } from '../../db/schema/chat-messages'
import { supportTickets } from '../../db/schema/support-tickets'
import { conflict, forbidden, notFound } from '../../lib/http-error'
import type { RateLimiter } from '../../lib/rate-limiter'
import { enforceLimit, publicWriteLimits } from '../../plugins/rate-limit'
import type { EventBus } from '../../realtime/event-bus'
import { createNotification, publishNotification } from '../notifications/notifications.service'
import { queueSupportReply } from '../messages/outbox.service'
import { agentDisplayName } from './agent-profile.service'

type ChatMessageRow = typeof chatMessages.$inferSelect

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
export type ChatDeps = { db: Db; bus: EventBus; rateLimiter: RateLimiter; now(): Date }

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
 * notifies the other side, then tells every process's sockets. Persisting first means a client
 * that reconnects and refetches loses nothing.
 */
export async function sendChatMessage(
  { db, bus, rateLimiter, now: clock }: ChatDeps,
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
  const [ticket] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, input.ticketId))
  if (!ticket) throw notFound('Ticket not found')
  const isAdmin = sender.kind === 'admin' && input.senderType === 'admin'
  // The server names the sender: an agent by their display name, a customer by their ticket's.
  const senderName = isAdmin ? await agentDisplayName(db, sender.adminId) : ticket.customerName
  const preview =
    input.message.length > previewLength
      ? `${input.message.slice(0, previewLength)}…`
      : input.message

  const values = {
    ticketId: ticket.id,
    senderType: isAdmin ? ('admin' as const) : ('customer' as const),
    senderName,
    message: input.message,
    clientMessageId: input.clientMessageId ?? null,
    createdAt: now,
  }

  const stored = await db.transaction(async (tx) => {
    // A concurrent insert of the same id waits here for the first to commit, then does nothing.
    const [row] = await tx
      .insert(chatMessages)
      .values(values)
      .onConflictDoNothing({ target: [chatMessages.ticketId, chatMessages.clientMessageId] })
      .returning()
    // Only a clientMessageId conflicts: messages without one never do.
    if (!row) return { message: await findResentMessage(tx, values, input.clientMessageId!) }
    const notification = await createNotification(
      tx,
      isAdmin
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
          },
    )
    // E-mailed unless the customer turns out to be in the chat (modules/messages/chat-presence).
    if (isAdmin) await queueSupportReply(tx, ticket, row, now)
    return { message: presentChatMessage(row), notification }
  })
  // A resend was told to everyone when it was first stored.
  if (!stored.notification) return stored.message
  await bus.publish({ kind: 'chat_message', message: stored.message })
  await publishNotification(bus, stored.notification)
  return stored.message
}
