import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'
import { m3uLines } from './m3u-lines'

/**
 * The supplier panel's activity log of our lines (activity_logs: one entry per connection once it
 * ended), read incrementally, each entry once (keyed by the panel's id), kept 30 days: the
 * evidence of lines watched from more places than they pay for.
 */
export const lineActivity = pgTable(
  'line_activity',
  {
    panelEntryId: varchar('panel_entry_id', { length: 40 }).primaryKey(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => m3uLines.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at').notNull(),
    ip: varchar('ip', { length: 45 }).notNull(),
    // The address's network: its /24 for IPv4, its /48 for IPv6 (one home, one office).
    network: varchar('network', { length: 50 }).notNull(),
    country: varchar('country', { length: 2 }),
    player: varchar('player', { length: 300 }).notNull(),
    stream: varchar('stream', { length: 200 }).notNull(),
  },
  (t) => [
    index('line_activity_line_ended_idx').on(t.lineId, t.endedAt),
    index('line_activity_ended_idx').on(t.endedAt),
  ],
)

/**
 * Where reading the panel's activity log stands, and the lease of the process reading it (reads
 * call the panel for a while, so a lease rather than a transaction): the log's entries from
 * `fromDay` (the panel's day, YYYY-MM-DD) are read up to `nextStart`.
 */
export const lineActivityReads = pgTable(
  'line_activity_reads',
  {
    id: smallint('id').primaryKey().default(1),
    claimedUntil: timestamptz('claimed_until'),
    fromDay: varchar('from_day', { length: 10 }),
    nextStart: integer('next_start').notNull().default(0),
    lastReadAt: timestamptz('last_read_at'),
    lastError: text('last_error'),
  },
  (t) => [check('line_activity_reads_single_row_check', sql`${t.id} = 1`)],
)

/**
 * Each line's sharing signals over the last 24 hours and 7 days, from its activity: distinct
 * addresses, networks and countries. Flagged "likely shared" when its networks in 24 hours exceed
 * twice its screens or its countries exceed two; nothing is done to the line. A dismissal holds 30
 * days unless the evidence doubles.
 */
export const lineSharing = pgTable(
  'line_sharing',
  {
    lineId: uuid('line_id')
      .primaryKey()
      .references(() => m3uLines.id, { onDelete: 'cascade' }),
    screens: integer('screens').notNull(),
    ips24h: integer('ips_24h').notNull(),
    networks24h: integer('networks_24h').notNull(),
    countries24h: integer('countries_24h').notNull(),
    ips7d: integer('ips_7d').notNull(),
    networks7d: integer('networks_7d').notNull(),
    countries7d: integer('countries_7d').notNull(),
    isFlagged: boolean('is_flagged').notNull(),
    // Since when it is flagged without a break; null while it is not.
    flaggedAt: timestamptz('flagged_at'),
    computedAt: timestamptz('computed_at').notNull(),
    dismissedUntil: timestamptz('dismissed_until'),
    // The evidence when dismissed: twice as much brings the line back before the 30 days.
    dismissedNetworks: integer('dismissed_networks'),
    dismissedCountries: integer('dismissed_countries'),
    dismissedBy: varchar('dismissed_by', { length: 64 }),
    offeredAt: timestamptz('offered_at'),
    offeredBy: varchar('offered_by', { length: 64 }),
  },
  (t) => [
    index('line_sharing_flagged_idx')
      .on(t.flaggedAt, t.lineId)
      .where(sql`${t.isFlagged}`),
  ],
)
