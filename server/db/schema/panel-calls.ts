import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, smallint, uuid, varchar } from 'drizzle-orm/pg-core'
import type { LineEvent } from '../../../common/panel-calls'
import { timestamptz } from './columns'

/**
 * Every call to the supplier's panel, appended after it returns and never changed: what was
 * asked, for which line and person, how it ended. Line and person are kept as ids, not foreign
 * keys: the ledger outlives what it names (a failed order has no line row at all). Never holds
 * an API key or a line password.
 */
export const panelCalls = pgTable(
  'panel_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    /** The panel's action: create_line, get_lines, user_info… */
    action: varchar('action', { length: 40 }).notNull(),
    /** Our m3u_lines id. */
    lineId: uuid('line_id'),
    /** The trial_requests id of the person the line serves. */
    personId: uuid('person_id'),
    panelLineId: varchar('panel_line_id', { length: 100 }),
    /** STATUS_SUCCESS or the panel's STATUS_*, else timeout, unreachable or unreadable. */
    outcome: varchar('outcome', { length: 40 }).notNull(),
    httpStatus: smallint('http_status'),
    durationMs: integer('duration_ms').notNull(),
    /** The admin's username, or 'system' for scheduled work. */
    actor: varchar('actor', { length: 64 }).notNull(),
    message: varchar('message', { length: 300 }),
    /** What a call to change a line asked, for its history in words ("Extended by 1 month…"). */
    events: jsonb('events').$type<LineEvent[]>(),
    /** The balance a user_info answered: the readings the daily spend is worked out from. */
    credits: integer('credits'),
  },
  (t) => [
    // Ascending: newest-first pages scan them backward.
    index('panel_calls_line_idx').on(t.lineId, t.at, t.id),
    index('panel_calls_person_idx').on(t.personId, t.at, t.id),
    index('panel_calls_at_idx').on(t.at, t.id),
    index('panel_calls_credits_idx')
      .on(t.at)
      .where(sql`${t.credits} is not null`),
  ],
)
