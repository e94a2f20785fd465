import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { createdAt, timestamptz, updatedAt } from './columns'
import { trialRequests } from './trial-requests'

/**
 * Lines bought on the supplier's panel. The API key is never stored; apiResponse is redacted.
 * A person's line keeps what the panel should hold (expiry, trial, enabled, password): each change
 * raises `revision`, and a push the panel accepted records the revision it carried, so a change
 * made while the panel is down is pushed again until it lands.
 */
export const m3uLines = pgTable(
  'm3u_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The panel's own line id; null while the line is being created.
    supplierId: varchar('supplier_id', { length: 100 }),
    subscriptionType: integer('subscription_type').notNull(),
    packageId: varchar('package_id', { length: 100 }).notNull(),
    m3uUrl: text('m3u_url').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    notes: text('notes'),
    apiResponse: jsonb('api_response'),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The person it serves; the line and its history outlive a deleted person.
    trialRequestId: uuid('trial_request_id')
      .unique()
      .references(() => trialRequests.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 64 }).unique(),
    // The customer's streaming login (not our secret), kept to show it; never logged.
    password: varchar('password', { length: 128 }),
    expiresAt: timestamptz('expires_at'),
    isTrial: boolean('is_trial').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    // Screens at once: the plan's for a person's line (null: one made before plans carried it,
    // left as the panel holds it).
    maxConnections: integer('max_connections'),
    revision: integer('revision').notNull().default(0),
    pushedRevision: integer('pushed_revision').notNull().default(0),
    pushAttempts: integer('push_attempts').notNull().default(0),
    nextPushAt: timestamptz('next_push_at'),
    // A process working on the line with the panel (creation or a push) holds it until then: a
    // short lease it renews while it works, so one that died loses it within a lease.
    claimedUntil: timestamptz('claimed_until'),
    panelError: text('panel_error'),
    // When the panel last told us its state: read by a sync, or a change it accepted.
    lastSyncedAt: timestamptz('last_synced_at'),
    // The panel's state as it last told us (null: not heard yet). A push sends only what differs
    // from it, so an unchanged password is never sent again; the line's view shows it beside ours.
    panelExpiresAt: timestamptz('panel_expires_at'),
    panelIsEnabled: boolean('panel_is_enabled'),
    panelIsTrial: boolean('panel_is_trial'),
    panelPassword: varchar('panel_password', { length: 128 }),
    panelMaxConnections: integer('panel_max_connections'),
  },
  (t) => [
    // Months for form and paid lines (1–12 at purchase), 99 for a demo or trial line.
    check('m3u_lines_subscription_type_check', sql`${t.subscriptionType} between 1 and 99`),
    index('m3u_lines_created_idx').on(t.createdAt),
    // The panel's entries name lines by its ids: each page of its activity log finds ours by them.
    index('m3u_lines_supplier_idx').on(t.supplierId),
    index('m3u_lines_pending_push_idx')
      .on(t.nextPushAt)
      .where(sql`${t.revision} > ${t.pushedRevision}`),
  ],
)
