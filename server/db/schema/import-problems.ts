import { index, integer, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { users } from './users'

/**
 * Every problem of a payment history upload, kept for the admin who sent it to download as a CSV
 * (the answer lists only the first ones). `position` is the order found; the download reads them
 * by line. Rows live a day: each new report deletes the expired ones (decision 0040).
 */
export const importProblems = pgTable(
  'import_problems',
  {
    reportId: uuid('report_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    position: integer('position').notNull(),
    field: varchar('field', { length: 100 }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.line, t.position] }),
    index('import_problems_created_idx').on(t.createdAt),
    index('import_problems_user_idx').on(t.userId),
  ],
)
