import { check, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { chatSenderTypes } from '../../../common/support'
import { createdAt, isOneOf } from './columns'
import { supportTickets } from './support-tickets'

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    senderType: varchar('sender_type', { length: 20, enum: chatSenderTypes }).notNull(),
    senderName: varchar('sender_name', { length: 200 }).notNull(),
    message: text('message').notNull(),
    // Null for messages stored before browsers sent one, or from clients that send none.
    clientMessageId: uuid('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('chat_messages_sender_type_check', isOneOf(t.senderType, chatSenderTypes)),
    index('chat_messages_ticket_created_idx').on(t.ticketId, t.createdAt),
    // A resent message (its answer lost to an outage) finds the one already stored.
    uniqueIndex('chat_messages_ticket_client_message_idx').on(t.ticketId, t.clientMessageId),
  ],
)
