import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { compensationItemStates } from '../../../common/compensations'
import { createdAt, isOneOf, timestamptz } from './columns'

/**
 * Days given to every paid subscription active at a moment (a supplier's outage): the request,
 * and the lease of the one process working through it. Its subscriptions are listed in
 * compensation_items when it is made, so a restart resumes the same list.
 */
export const compensations = pgTable(
  'compensations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The Business Center's id for one submission: sent twice, it is stored (and extends) once.
    requestId: uuid('request_id').unique(),
    days: smallint('days').notNull(),
    activeAt: timestamptz('active_at').notNull(),
    note: text('note').notNull(),
    notify: boolean('notify').notNull(),
    total: integer('total').notNull(),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
    // A process working through it holds it until then, renewing while it runs (lib/lease.ts).
    claimedUntil: timestamptz('claimed_until'),
  },
  (t) => [
    check('compensations_days_check', sql`${t.days} between 1 and 30`),
    index('compensations_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.finishedAt} is null`),
  ],
)

/**
 * One subscription of a compensation: `pending` until its end date moved (with its renewal row,
 * audit entry and message, in one transaction), `extended` until the panel holds the line's new
 * expiry, then `done`; `failed` when the panel refused it (the line's own retry carries on);
 * `skipped` when the subscription had ended, been reverted or deleted by its turn.
 */
export const compensationItems = pgTable(
  'compensation_items',
  {
    compensationId: uuid('compensation_id')
      .notNull()
      .references(() => compensations.id, { onDelete: 'cascade' }),
    // No foreign key: a person deleted before their turn leaves the item, then skipped.
    trialRequestId: uuid('trial_request_id').notNull(),
    state: varchar('state', { length: 10, enum: compensationItemStates })
      .notNull()
      .default('pending'),
    lineId: uuid('line_id'),
    newEnd: timestamptz('new_end'),
    problem: text('problem'),
  },
  (t) => [
    primaryKey({ columns: [t.compensationId, t.trialRequestId] }),
    check('compensation_items_state_check', isOneOf(t.state, compensationItemStates)),
    index('compensation_items_open_idx')
      .on(t.compensationId, t.trialRequestId)
      .where(sql`${t.state} in ('pending', 'extended')`),
  ],
)
