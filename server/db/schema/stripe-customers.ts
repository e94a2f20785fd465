import { sql } from 'drizzle-orm'
import { check, pgTable, smallint, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz, updatedAt } from './columns'
import { trialRequests } from './trial-requests'

/**
 * A person's Stripe Customer, made once, and the card saved on it that renewals charge
 * (decision 0059). Only what Stripe tells of the card is kept: brand, last 4 digits, expiry.
 * Deleting the person deletes the row; the Customer stays at Stripe with its history.
 */
export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    trialRequestId: uuid('trial_request_id')
      .primaryKey()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    customerId: varchar('customer_id', { length: 255 }).notNull().unique(),
    // The card renewals charge (pm_…); null until one is saved, and after Stripe detached it.
    paymentMethodId: varchar('payment_method_id', { length: 255 }),
    cardBrand: varchar('card_brand', { length: 20 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    cardExpMonth: smallint('card_exp_month'),
    cardExpYear: smallint('card_exp_year'),
    cardSavedAt: timestamptz('card_saved_at'),
    // When Stripe said the card was removed (payment_method.detached): staff are told.
    cardRemovedAt: timestamptz('card_removed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'stripe_customers_card_check',
      sql`${t.paymentMethodId} is null or (${t.cardBrand} is not null and ${t.cardLast4} is not null
        and ${t.cardExpMonth} between 1 and 12 and ${t.cardExpYear} is not null)`,
    ),
  ],
)
