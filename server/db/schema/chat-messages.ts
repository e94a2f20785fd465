import { check, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
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
    createdAt: createdAt(),
  },
  (t) => [
    check('chat_messages_sender_type_check', isOneOf(t.senderType, chatSenderTypes)),
    index('chat_messages_ticket_created_idx').on(t.ticketId, t.createdAt),
  ],
)
