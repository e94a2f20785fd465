import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'

/** Fixed-window counters, in the database so every server process shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
})
