import { sql } from 'drizzle-orm'
import {
  check,
  index,
  numeric,
  pgTable,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'
import { compensations } from './compensations'
import { trialRequests } from './trial-requests'

/**
 * Each paid extension of a subscription. Its price is revenue in the month it was paid: triggers
 * (migration 0007) fold it into revenue_months beside the conversions. Deleting the subscription
 * (or the person) deletes its renewals, and their revenue with them. Days a compensation gave
 * (after an outage) are a renewal of no months and no money: a zero-amount change in revenue.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trialRequestId: uuid('trial_request_id')
      .notNull()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    // The plan paid for, as named at the time: it decides the revenue's plan family.
    paidPlan: varchar('paid_plan', { length: 100 }).notNull(),
    months: smallint('months').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    paidAt: timestamptz('paid_at').notNull(),
    previousEnd: timestamptz('previous_end'),
    newEnd: timestamptz('new_end').notNull(),
    // The Business Center's id for one submission: a retried extension is stored once.
    requestId: uuid('request_id').unique(),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    // Set for the days a compensation gave: one renewal per subscription and compensation.
    compensationId: uuid('compensation_id').references(() => compensations.id, {
      onDelete: 'set null',
    }),
    days: smallint('days'),
  },
  (t) => [
    check(
      'subscription_renewals_kind_check',
      sql`(${t.days} is null and ${t.months} between 1 and 12 and ${t.price} > 0)
        or (${t.days} between 1 and 30 and ${t.months} = 0 and ${t.price} = 0)`,
    ),
    index('subscription_renewals_person_idx').on(t.trialRequestId, t.paidAt),
    uniqueIndex('subscription_renewals_compensation_idx').on(t.compensationId, t.trialRequestId),
  ],
)
