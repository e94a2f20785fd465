import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { autostartStatuses } from '../../../common/trial-autopilot'
import { createdAt, isOneOf, timestamptz, updatedAt } from './columns'
import { trialRequests } from './trial-requests'

/**
 * The trial autopilot's work (decision 0017): a row per request that arrived while Start trials
 * automatically was on, written with the request. The job claims queued rows (a lease, so one
 * process works on each), makes the line with no transaction open, and records how it went.
 */
export const trialAutostarts = pgTable(
  'trial_autostarts',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10, enum: autostartStatuses }).notNull(),
    reason: text('reason'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    // A process making the line holds the row until then; past it, another may try.
    claimedUntil: timestamptz('claimed_until'),
    startedAt: timestamptz('started_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trial_autostarts_status_check', isOneOf(t.status, autostartStatuses)),
    index('trial_autostarts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('trial_autostarts_started_idx')
      .on(t.startedAt)
      .where(sql`${t.status} = 'started'`),
  ],
)
