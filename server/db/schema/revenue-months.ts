import { integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * Revenue per month and plan family, kept exact by triggers: conversions in their start month
 * (trial_requests, migration 0001), renewals in the month paid (subscription_renewals, 0007),
 * less refunds in the month the money went back (payment_refunds, `payment-refunds`), so
 * analytics read a few dozen rows however many subscribers there are. `subscriptions` counts
 * payments; a month with refunds alone has none and a negative amount.
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
