import { index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { supportTickets } from './support-tickets'

/** Agents' private notes in a ticket's chat: never sent to the customer's socket or API. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    // The author's username as it was: the note outlives a deleted admin account.
    authorUsername: varchar('author_username', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_notes_ticket_created_idx').on(t.ticketId, t.createdAt)],
)
