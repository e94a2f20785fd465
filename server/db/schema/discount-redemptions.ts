import { sql } from 'drizzle-orm'
import { check, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core'
import { redemptionStatuses } from '../../../common/discounts'
import { createdAt, isOneOf, updatedAt } from './columns'
import { discounts } from './discounts'
import { payments } from './payments'
import { trialRequests } from './trial-requests'

/**
 * One use of a discount code, one per payment: `reserved` while its checkout is open (it already
 * counts toward the code's limit), `redeemed` once the payment settles, `released` when the
 * checkout expired or failed (it no longer counts).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    trialRequestId: uuid('trial_request_id').references(() => trialRequests.id, {
      onDelete: 'set null',
    }),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10, enum: redemptionStatuses })
      .notNull()
      .default('reserved'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('discount_redemptions_status_check', isOneOf(t.status, redemptionStatuses)),
    // The counts a checkout takes under the discount's lock: all its uses, and one person's.
    index('discount_redemptions_counted_idx')
      .on(t.discountId, t.trialRequestId)
      .where(sql`${t.status} <> 'released'`),
  ],
)
