import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core'
import { renewalOffReasons, renewalStatuses } from '../../../common/renewals'
import { createdAt, isOneOf, timestamptz, updatedAt } from './columns'
import { plans } from './plans'
import { trialRequests } from './trial-requests'

/**
 * Whether a person's subscription renews by itself, and where its renewal stands (decision
 * 0059). A row exists once a customer chose: on when they paid with a card saved, off when they
 * (or staff) turned it off. `status` is kept by the renewal round: `retrying` while a declined
 * renewal is tried again within the grace period, `past_due` after it (the line is off).
 */
export const autoRenewals = pgTable(
  'auto_renewals',
  {
    trialRequestId: uuid('trial_request_id')
      .primaryKey()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    autoRenew: boolean('auto_renew').notNull(),
    status: varchar('status', { length: 10, enum: renewalStatuses }).notNull(),
    // Who turned it off last and why: `customer` or a staff username; churn counts it voluntary.
    turnedOffAt: timestamptz('turned_off_at'),
    turnedOffBy: varchar('turned_off_by', { length: 64 }),
    turnedOffReason: varchar('turned_off_reason', { length: 30, enum: renewalOffReasons }),
    // A cheaper plan chosen for the next period: the renewal charges it and moves onto it.
    scheduledPlanId: uuid('scheduled_plan_id').references(() => plans.id, {
      onDelete: 'set null',
    }),
    // The retention discount is offered once per person.
    retentionOfferedAt: timestamptz('retention_offered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('auto_renewals_status_check', isOneOf(t.status, renewalStatuses)),
    check(
      'auto_renewals_reason_check',
      sql`${t.turnedOffReason} is null or ${isOneOf(t.turnedOffReason, renewalOffReasons)}`,
    ),
    check('auto_renewals_off_check', sql`${t.autoRenew} or ${t.status} = 'off'`),
    index('auto_renewals_status_idx').on(t.status),
  ],
)
