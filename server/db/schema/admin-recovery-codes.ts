import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'
import { users } from './users'

/** One-time codes for signing in without the authenticator app; only their hashes are kept. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('admin_recovery_codes_user_idx').on(t.userId)],
)
