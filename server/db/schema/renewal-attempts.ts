import { sql } from 'drizzle-orm'
import { check, pgTable, smallint, text, unique, uuid, varchar } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'
import { payments } from './payments'

export const renewalAttemptOutcomes = ['pending', 'succeeded', 'declined'] as const

/**
 * Each try at charging one renewal payment off-session. The row is written (`pending`) before
 * Stripe is called, under the idempotency key `{payment id}-{number}`: a process that died
 * after Stripe charged finds the row and asks again with the same key, getting the same answer
 * (decision 0059). A retry after a decline is the next number, so Stripe sees a new attempt.
 */
export const renewalAttempts = pgTable(
  'renewal_attempts',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull(),
    outcome: varchar('outcome', { length: 10, enum: renewalAttemptOutcomes })
      .notNull()
      .default('pending'),
    // Stripe's decline_code, else its error code (authentication_required, expired_card…).
    code: varchar('code', { length: 60 }),
    message: text('message'),
    providerPaymentId: varchar('provider_payment_id', { length: 255 }),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    unique('renewal_attempts_payment_number_key').on(t.paymentId, t.number),
    check(
      'renewal_attempts_outcome_check',
      sql`${t.outcome} in ('pending', 'succeeded', 'declined')`,
    ),
  ],
)
