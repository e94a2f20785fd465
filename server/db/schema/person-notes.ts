import { index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { trialRequests } from './trial-requests'

/** Admins' private notes on a person (a trial request or subscriber); never shown to them. */
export const personNotes = pgTable(
  'person_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trialRequestId: uuid('trial_request_id')
      .notNull()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    // The author's username as it was: the note outlives a deleted admin account.
    authorUsername: varchar('author_username', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('person_notes_person_created_idx').on(t.trialRequestId, t.createdAt)],
)
