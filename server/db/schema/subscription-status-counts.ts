import { integer, pgTable, varchar } from 'drizzle-orm/pg-core'
import { subscriptionStatuses } from '../../../common/trial-requests'

/**
 * How many trial requests have each subscription status, kept exact by triggers on
 * trial_requests (migration 0002), so the stat cards and analytics never count a million rows.
 */
export const subscriptionStatusCounts = pgTable('subscription_status_counts', {
  status: varchar('status', { length: 20, enum: subscriptionStatuses }).primaryKey(),
  count: integer('count').notNull(),
})
