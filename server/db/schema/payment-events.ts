import { sql } from 'drizzle-orm'
import { check, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { checkoutProviders } from '../../../common/payments'
import { isOneOf, timestamptz } from './columns'
import { payments } from './payments'

/**
 * Provider webhook deliveries already handled, so a redelivery (Stripe's `evt_…`, BTCPay's
 * original delivery id) does nothing twice. Kept after the payment goes, as the provider's trail.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: varchar('provider', { length: 10, enum: checkoutProviders }).notNull(),
    eventId: varchar('event_id', { length: 255 }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 100 }).notNull(),
    receivedAt: timestamptz('received_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    check('payment_events_provider_check', isOneOf(t.provider, checkoutProviders)),
    uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId),
  ],
)
