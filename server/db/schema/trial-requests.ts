import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  cidr,
  index,
  integer,
  numeric,
  smallint,
  pgTable,
  text,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { subscriptionStatuses } from '../../../common/trial-requests'
import { createdAt, exactMoment, isOneOf, timestamptz, updatedAt } from './columns'

type SearchColumns = Record<
  'name' | 'email' | 'subscriptionId' | 'telegram' | 'whatsapp',
  AnyPgColumn
>

/** One lowercase text of everything an admin may search a request by. */
export function searchText(t: SearchColumns) {
  return sql`lower(${t.name} || ' ' || ${t.email} || ' ' || ${t.subscriptionId} || ' ' || coalesce(${t.telegram}, '') || ' ' || coalesce(${t.whatsapp}, ''))`
}

export const trialRequests = pgTable(
  'trial_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    name: varchar('name', { length: 201 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    plan: varchar('plan', { length: 100 }).notNull(),
    telegram: varchar('telegram', { length: 100 }),
    whatsapp: varchar('whatsapp', { length: 50 }),
    status: varchar('status', { length: 30 }).notNull().default('Pending'),
    location: varchar('location', { length: 100 }).notNull().default('Unknown'),
    device: varchar('device', { length: 100 }).notNull().default('Unknown'),
    customPlanDetails: text('custom_plan_details'),
    createdAt: createdAt(),
    subscriptionId: varchar('subscription_id', { length: 12 }).notNull().unique(),
    subscriptionStatus: varchar('subscription_status', { length: 20, enum: subscriptionStatuses })
      .notNull()
      .default('trial'),
    paidPlan: varchar('paid_plan', { length: 100 }),
    subscriptionPrice: numeric('subscription_price', { precision: 10, scale: 2 }),
    subscriptionStartDate: timestamptz('subscription_start_date'),
    subscriptionEndDate: exactMoment('subscription_end_date'),
    // Another plan staff were paid for while a period ran: it starts when that period ends
    // (`scheduled_plan_from`), when the expiry round moves `paid_plan` onto it (decision 0062).
    scheduledPaidPlan: varchar('scheduled_paid_plan', { length: 100 }),
    scheduledPlanFrom: timestamptz('scheduled_plan_from'),
    adminNotes: text('admin_notes'),
    updatedAt: updatedAt(),
    // The browser's id for one submission: a retried submit finds the row it already made.
    clientRequestId: uuid('client_request_id').unique(),
    // One free trial per person (modules/trial-requests/trial-identity.ts): the contacts as
    // compared. Null where none can be derived, or for a row written outside the app.
    emailKey: varchar('email_key', { length: 254 }),
    telegramKey: varchar('telegram_key', { length: 100 }),
    whatsappKey: varchar('whatsapp_key', { length: 16 }),
    // The sender's /24 (IPv4) or /64 (IPv6): one household or office, for the network rule.
    network: cidr('network'),
    askedAgainCount: integer('asked_again_count').notNull().default(0),
    lastAskedAt: timestamptz('last_asked_at'),
    // The submission that last asked again, so that its retries are not counted twice.
    lastAskedClientRequestId: uuid('last_asked_client_request_id'),
    // Assessed once, when the request came in: the list then reads it like any other column.
    trustScore: smallint('trust_score'),
    trustReasons: text('trust_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isTrustFlagged: boolean('is_trust_flagged').notNull().default(false),
    // Set for a person brought in with their payment history from a spreadsheet: never a trial,
    // so the trial conversion cohorts leave them out.
    importedAt: timestamptz('imported_at'),
  },
  (t) => [
    check(
      'trial_requests_subscription_status_check',
      isOneOf(t.subscriptionStatus, subscriptionStatuses),
    ),
    check('trial_requests_subscription_id_check', sql`${t.subscriptionId} ~ '^SUB-[A-Z0-9]{8}$'`),
    check('trial_requests_subscription_price_check', sql`${t.subscriptionPrice} > 0`),
    check('trial_requests_trust_score_check', sql`${t.trustScore} between 0 and 100`),
    // Ascending on purpose: scanned backward, it serves ORDER BY created_at DESC, id DESC. (Drizzle's
    // .desc() makes DESC NULLS LAST, which that ORDER BY cannot use.)
    index('trial_requests_created_idx').on(t.createdAt, t.id),
    index('trial_requests_status_created_idx').on(t.subscriptionStatus, t.createdAt, t.id),
    // The contacts list filtered by follow-up stage, newest first (keyset pages).
    index('trial_requests_stage_created_idx').on(t.status, t.createdAt, t.id),
    index('trial_requests_email_idx').on(sql`lower(${t.email})`),
    index('trial_requests_email_key_idx').on(t.emailKey),
    index('trial_requests_telegram_key_idx')
      .on(t.telegramKey)
      .where(sql`${t.telegramKey} is not null`),
    index('trial_requests_whatsapp_key_idx')
      .on(t.whatsappKey)
      .where(sql`${t.whatsappKey} is not null`),
    index('trial_requests_network_created_idx')
      .on(t.network, t.createdAt)
      .where(sql`${t.network} is not null`),
    // Substring search over the contact fields (pg_trgm); the expression must match searchText.
    index('trial_requests_search_idx').using('gin', sql`(${searchText(t)}) gin_trgm_ops`),
  ],
)
