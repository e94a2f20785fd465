import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { messageChannels, messageStatuses } from '../../../common/messages'
import { createdAt, isOneOf, timestamptz, updatedAt } from './columns'

/**
 * Messages to customers, written in the transaction of the change that causes them and sent by
 * the outbox worker (server/modules/messages/outbox.ts). The id is the e-mail's Message-ID, so a
 * resend after a crash between sending and recording is recognisable. People, tickets and lines
 * are plain ids: the history outlives them.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trialRequestId: uuid('trial_request_id'),
    ticketId: uuid('ticket_id'),
    // A login is read from its line when sent, and waits while the panel lacks the line's change.
    lineId: uuid('line_id'),
    channel: varchar('channel', { length: 20, enum: messageChannels }).notNull(),
    kind: varchar('kind', { length: 50 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    // Rendered when sent (templates may change meanwhile); kept for the list.
    subject: varchar('subject', { length: 300 }),
    // Values captured with the cause (a reply's text, a renewal's end date); never a password.
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    status: varchar('status', { length: 20, enum: messageStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    // A worker sending it holds it until then; past it, a crashed worker's message is sent again.
    claimedUntil: timestamptz('claimed_until'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    resentFrom: uuid('resent_from'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('outbox_messages_channel_check', isOneOf(t.channel, messageChannels)),
    check('outbox_messages_status_check', isOneOf(t.status, messageStatuses)),
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    // A ticket's reply e-mail still waiting: the next reply joins it (outbox.service).
    uniqueIndex('outbox_messages_pending_reply_idx')
      .on(t.ticketId)
      .where(
        sql`${t.kind} = 'support_reply' and ${t.status} = 'queued' and ${t.resentFrom} is null`,
      ),
    index('outbox_messages_person_idx').on(t.trialRequestId, t.createdAt),
    // A message's resends in the last hour, counted against the limit (resend-limit.ts).
    index('outbox_messages_resent_idx')
      .on(t.resentFrom, t.createdAt)
      .where(sql`${t.resentFrom} is not null`),
    index('outbox_messages_recipient_idx').on(sql`lower(${t.recipient})`, t.createdAt),
  ],
)
