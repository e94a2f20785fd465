import { integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * Converted revenue per start month and plan family, kept exact by triggers on trial_requests
 * (migration 0001), so analytics read a few dozen rows however many subscribers there are.
 */
export const revenueMonths = pgTable(
  'revenue_months',
  {
    // The first instant of the month, UTC.
    month: timestamp('month', { withTimezone: true, mode: 'date' }).notNull(),
    family: varchar('family', { length: 20 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    subscriptions: integer('subscriptions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.family] })],
)
