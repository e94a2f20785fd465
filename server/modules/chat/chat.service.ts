import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  supportAgentName,
  type ChatMessage,
  type sendChatMessageInput,
} from '../../../common/support'
import type { Db } from '../../db/client'
import { chatMessages } from '../../db/schema/chat-messages'
import { supportTickets } from '../../db/schema/support-tickets'
import { forbidden, notFound } from '../../lib/http-error'
import type { EventBus } from '../../realtime/event-bus'
import { createNotification, publishNotification } from '../notifications/notifications.service'

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

export type Sender = { kind: 'admin' } | { kind: 'customer' }

/**
 * Stores a message, notifies the other side, then tells every process's sockets. Persisting
 * first means a client that reconnects and refetches loses nothing.
 */
export async function sendChatMessage(
  db: Db,
  bus: EventBus,
  sender: Sender,
  input: z.output<typeof sendChatMessageInput>,
  now: Date,
): Promise<ChatMessage> {
  if (input.senderType === 'admin' && sender.kind !== 'admin') {
    throw forbidden('Only support agents may send messages as admin')
  }
  const [ticket] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, input.ticketId))
  if (!ticket) throw notFound('Ticket not found')
  const isAdmin = sender.kind === 'admin' && input.senderType === 'admin'
  const preview =
    input.message.length > previewLength
      ? `${input.message.slice(0, previewLength)}…`
      : input.message

  const { message, notification } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        ticketId: ticket.id,
        senderType: isAdmin ? 'admin' : 'customer',
        // The server names the sender: admins are always the Support Agent, customers their ticket's name.
        senderName: isAdmin ? supportAgentName : ticket.customerName,
        message: input.message,
        createdAt: now,
      })
      .returning()
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
            title: `${ticket.customerName}: ${ticket.subject}`.slice(0, 255),
            body: preview,
          },
    )
    return { message: presentChatMessage(row!), notification }
  })
  await bus.publish({ kind: 'chat_message', message })
  await publishNotification(bus, notification)
  return message
}
