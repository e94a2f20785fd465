import { pgTable, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'

/**
 * A person's choice about reminders, and the secret of their one-click unsubscribe link (made
 * with their first reminder). Stopping reminders leaves logins, confirmations and replies alone.
 */
export const messagePreferences = pgTable('message_preferences', {
  trialRequestId: uuid('trial_request_id').primaryKey(),
  unsubscribeToken: varchar('unsubscribe_token', { length: 64 }).notNull().unique(),
  remindersStoppedAt: timestamptz('reminders_stopped_at'),
  createdAt: createdAt(),
})
