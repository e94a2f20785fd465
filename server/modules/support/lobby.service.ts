import { and, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import { compareLobbyTickets, type LobbyTicket, type LobbyView } from '../../../common/support'
import type { Db } from '../../db/client'
import { chatMessages } from '../../db/schema/chat-messages'
import { supportTickets } from '../../db/schema/support-tickets'
import { notFound } from '../../lib/http-error'
import { descriptionMessage, presentChatMessage } from './chat.service'
import { presentTicket } from './tickets.service'

/** Records that an admin has seen the chat: its customer messages stop counting as unread. */
export async function markTicketRead(db: Db, id: string, now: Date): Promise<void> {
  const rows = await db
    .update(supportTickets)
    .set({ adminLastReadAt: now })
    .where(eq(supportTickets.id, id))
    .returning({ id: supportTickets.id })
  if (!rows.length) throw notFound('Ticket not found')
}

/**
 * A ticket no agent has opened or answered: its description is a customer message nobody has
 * read, so it counts as one unread and sorts with the others.
 */
const isUnseen = sql<boolean>`${supportTickets.adminLastReadAt} is null and not exists (
  select 1 from ${chatMessages}
  where ${chatMessages.ticketId} = ${supportTickets.id} and ${chatMessages.senderType} = 'admin')`

/**
 * The live chat lobby: open and in-progress tickets with their unread customer messages (the
 * description among them) and last message, in the spec's order.
 */
export async function listLobby(
  db: Db,
  { view, username }: { view: LobbyView; username: string },
): Promise<LobbyTicket[]> {
  const byAssignee =
    view === 'mine'
      ? eq(supportTickets.assignedTo, username)
      : view === 'unassigned'
        ? sql`${supportTickets.assignedTo} is null`
        : undefined
  const unread = db
    .select({ ticketId: chatMessages.ticketId, unread: count().as('unread') })
    .from(chatMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, chatMessages.ticketId))
    .where(
      and(
        eq(chatMessages.senderType, 'customer'),
        or(
          sql`${supportTickets.adminLastReadAt} is null`,
          gt(chatMessages.createdAt, supportTickets.adminLastReadAt),
        ),
      ),
    )
    .groupBy(chatMessages.ticketId)
    .as('unread')
  const messageColumns = {
    id: chatMessages.id,
    ticketId: chatMessages.ticketId,
    senderType: chatMessages.senderType,
    senderName: chatMessages.senderName,
    message: chatMessages.message,
    clientMessageId: chatMessages.clientMessageId,
    createdAt: chatMessages.createdAt,
  }
  const lastMessage = db
    .selectDistinctOn([chatMessages.ticketId], messageColumns)
    .from(chatMessages)
    .orderBy(chatMessages.ticketId, desc(chatMessages.createdAt), desc(chatMessages.id))
    .as('last_message')
  const rows = await db
    .select({
      ticket: supportTickets,
      unread: unread.unread,
      isUnseen,
      last: {
        id: lastMessage.id,
        ticketId: lastMessage.ticketId,
        senderType: lastMessage.senderType,
        senderName: lastMessage.senderName,
        message: lastMessage.message,
        clientMessageId: lastMessage.clientMessageId,
        createdAt: lastMessage.createdAt,
      },
    })
    .from(supportTickets)
    .leftJoin(unread, eq(unread.ticketId, supportTickets.id))
    .leftJoin(lastMessage, eq(lastMessage.ticketId, supportTickets.id))
    .where(and(inArray(supportTickets.status, ['open', 'in_progress']), byAssignee))
  return rows
    .map(({ ticket, unread, isUnseen, last }) => {
      const presented = presentTicket(ticket)
      return {
        ...presented,
        unreadCount: Number(unread ?? 0) + (isUnseen ? 1 : 0),
        lastMessage: last ? presentChatMessage(last) : descriptionMessage(presented),
      }
    })
    .sort(compareLobbyTickets)
}
