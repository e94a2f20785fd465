import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'
import { users } from './users'

/** Server-side admin sessions; the id is the SHA-256 of the cookie token, never the token. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Opened with a one-time code: it reaches nothing but setting a new password (decision 0051). */
    mustSetPassword: boolean('must_set_password').notNull().default(false),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId)],
)
