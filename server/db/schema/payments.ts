import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { manualMethods, paymentProviders, paymentStatuses } from '../../../common/payments'
import { paymentKinds } from '../../../common/renewals'
import { createdAt, exactMoment, isOneOf, timestamptz, updatedAt } from './columns'
import { discounts } from './discounts'
import { plans } from './plans'
import { trialRequests } from './trial-requests'

/**
 * Every payment, whoever took it: a checkout with a provider or money an admin received
 * elsewhere (`manual`). Amounts are integer minor units of `currency`, taken from our plan and
 * discount. Money records outlive the person (their id becomes null) and the plan (its name is
 * kept). Our id is the reference given to the provider everywhere.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trialRequestId: uuid('trial_request_id').references(() => trialRequests.id, {
      onDelete: 'set null',
    }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    planName: varchar('plan_name', { length: 100 }).notNull(),
    months: smallint('months').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    listAmountMinor: integer('list_amount_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    discountId: uuid('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    discountCode: varchar('discount_code', { length: 50 }),
    currency: varchar('currency', { length: 3 }).notNull(),
    provider: varchar('provider', { length: 10, enum: paymentProviders }).notNull(),
    // A renewal continues the period ending at `renews_period_end`: one row per period, whose
    // off-session attempts are renewal_attempts (decision 0059).
    kind: varchar('kind', { length: 10, enum: paymentKinds }).notNull().default('purchase'),
    renewsPeriodEnd: exactMoment('renews_period_end'),
    // When the renewal round tries a declined renewal again; null when nothing is scheduled
    // (waiting for a new card or the customer's confirmation, or decided).
    retryAt: timestamptz('retry_at'),
    // A Stripe checkout that saves the card it is paid with for renewals (autoRenew), and when
    // that card was read from Stripe and made the person's renewal card once it was paid.
    savesCard: boolean('saves_card').notNull().default(false),
    cardTakenAt: timestamptz('card_taken_at'),
    method: varchar('method', { length: 20, enum: manualMethods }),
    reference: varchar('reference', { length: 200 }),
    providerCheckoutId: varchar('provider_checkout_id', { length: 255 }),
    providerPaymentId: varchar('provider_payment_id', { length: 255 }),
    checkoutUrl: text('checkout_url'),
    status: varchar('status', { length: 20, enum: paymentStatuses }).notNull().default('pending'),
    statusReason: text('status_reason'),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    // What the provider said was paid when it differed from our record (needs_review): an admin
    // who accepts or refunds the payment takes this amount, the money actually received.
    receivedMinor: integer('received_minor'),
    receivedCurrency: varchar('received_currency', { length: 3 }),
    receiptNumber: integer('receipt_number').unique(),
    previousEnd: timestamptz('previous_end'),
    newEnd: timestamptz('new_end'),
    // The paid service period is [period_start, new_end), as the settle step computed it: the
    // business metrics spread the amount over it (docs/payments.md §9).
    periodStart: timestamptz('period_start'),
    // The Business Center's id for one submission: a retried manual payment is stored once.
    requestId: uuid('request_id').unique(),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamptz('expires_at'),
    // When reconciliation last asked the provider about this pending payment: one process asks,
    // and the next round leaves it alone for a while (reconcile-payments).
    providerCheckedAt: timestamptz('provider_checked_at'),
    paidAt: timestamptz('paid_at'),
    refundedAt: timestamptz('refunded_at'),
    // When an admin deleted the subscription it paid for, taking its revenue back: a refund of
    // it then lowers revenue no more (migration `payments-in-review`).
    revertedAt: timestamptz('reverted_at'),
    // When a super admin resolved it from review (accepted, refunded or dismissed): decided for
    // good, so a later event of its checkout never settles it.
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    check('payments_provider_check', isOneOf(t.provider, paymentProviders)),
    check('payments_kind_check', isOneOf(t.kind, paymentKinds)),
    check('payments_status_check', isOneOf(t.status, paymentStatuses)),
    check('payments_method_check', sql`${t.method} is null or ${isOneOf(t.method, manualMethods)}`),
    check('payments_months_check', sql`${t.months} between 1 and 12`),
    check(
      'payments_amounts_check',
      sql`${t.amountMinor} >= 0 and ${t.listAmountMinor} >= 0 and ${t.discountMinor} >= 0`,
    ),
    check(
      'payments_refunded_check',
      sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`,
    ),
    uniqueIndex('payments_provider_checkout_idx').on(t.provider, t.providerCheckoutId),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_person_idx').on(t.trialRequestId, t.createdAt),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // One off-session renewal per person and period, whoever runs the round.
    uniqueIndex('payments_renewal_period_idx')
      .on(t.trialRequestId, t.renewsPeriodEnd)
      .where(sql`${t.renewsPeriodEnd} is not null`),
    // Paid checkouts whose card is still to be taken (a follow-up that died): few of all.
    index('payments_card_to_take_idx')
      .on(t.paidAt)
      .where(sql`${t.savesCard} and ${t.cardTakenAt} is null`),
    index('payments_renewal_retry_idx')
      .on(t.retryAt)
      .where(sql`${t.retryAt} is not null`),
    // MRR at a moment reads the periods still running (business_metric_mrr_at): few of all.
    index('payments_period_end_idx')
      .on(t.newEnd)
      .where(sql`${t.periodStart} is not null`),
  ],
)
