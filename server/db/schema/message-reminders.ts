import { integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, exactMoment } from './columns'

/**
 * Each reminder queued, once per person, kind, offset and end of the period it is about: the
 * reminder pass inserts here before queueing, so a second run or a second process finds the row
 * and queues nothing. A renewal moves the end, so the next period's reminders are new rows.
 */
export const messageReminders = pgTable(
  'message_reminders',
  {
    trialRequestId: uuid('trial_request_id').notNull(),
    kind: varchar('kind', { length: 50 }).notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
    periodEnd: exactMoment('period_end').notNull(),
    outboxMessageId: uuid('outbox_message_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.trialRequestId, t.kind, t.offsetMinutes, t.periodEnd] })],
)
