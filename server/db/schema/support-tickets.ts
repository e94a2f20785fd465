import { check, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { ticketPriorities, ticketStatuses } from '../../../common/support'
import { createdAt, isOneOf, timestamptz, updatedAt } from './columns'

/** The id is a random UUID v4: knowing it is the customer's capability for the ticket. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerName: varchar('customer_name', { length: 200 }).notNull(),
    customerEmail: varchar('customer_email', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    description: text('description').notNull(),
    status: varchar('status', { length: 20, enum: ticketStatuses }).notNull().default('open'),
    priority: varchar('priority', { length: 20, enum: ticketPriorities })
      .notNull()
      .default('medium'),
    assignedTo: varchar('assigned_to', { length: 64 }),
    // When an admin last opened the chat: customer messages after it are unread.
    adminLastReadAt: timestamptz('admin_last_read_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('support_tickets_status_check', isOneOf(t.status, ticketStatuses)),
    check('support_tickets_priority_check', isOneOf(t.priority, ticketPriorities)),
    index('support_tickets_status_created_idx').on(t.status, t.createdAt),
  ],
)
