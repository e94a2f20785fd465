import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'
import { payments } from './payments'

/**
 * Each refund of a payment, partial ones each on their own row. A row is written before the
 * provider is asked (its id is the refund's idempotency key there) with `refunded_at` null, and
 * completed once the provider said yes; a refusal deletes it. Completed rows are revenue taken
 * back in the month of `refunded_at`: triggers (migration `payment-refunds`) fold them into
 * revenue_months in the plan family of the payment.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    // The Business Center's id for one submission when it sends one: a retried refund is one.
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      // Money records are never deleted; the refund's revenue needs its payment's plan.
      .references(() => payments.id),
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason').notNull(),
    // Stripe's re_… once it refunded; null for refunds made by hand (BTCPay, manual).
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
    // The admin's username; null for a refund Stripe reported that we did not ask for.
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    // When the money went back; null while the provider is being asked.
    refundedAt: timestamptz('refunded_at'),
    // The subscription's end after this refund shortened it; null when it did not.
    shortenedTo: timestamptz('shortened_to'),
  },
  (t) => [
    check('payment_refunds_amount_check', sql`${t.amountMinor} > 0`),
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
  ],
)
