import { index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'
import { trialRequests } from './trial-requests'

/**
 * Customers' sessions, apart from admins' (admin_sessions): the id is the SHA-256 of the cookie
 * token. The address the person signed in with is kept: a session ends when their e-mail changes.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: text('id').primaryKey(),
    trialRequestId: uuid('trial_request_id')
      .notNull()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('customer_sessions_person_idx').on(t.trialRequestId),
    index('customer_sessions_expires_idx').on(t.expiresAt),
  ],
)
