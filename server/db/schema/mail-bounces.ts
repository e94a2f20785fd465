import { pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'

/**
 * Mailboxes whose mail server refused one of our e-mails for good (a 5xx to RCPT TO: "no such
 * user"). Keyed by the mailbox an address reaches (normalizeEmail), so no spelling of it gets a
 * ticket acknowledgement again. Only what our own SMTP relay answered: a bounce it sends later,
 * to MAIL_FROM, is not read.
 */
export const mailBounces = pgTable('mail_bounces', {
  mailbox: varchar('mailbox', { length: 254 }).primaryKey(),
  /** The server's words, secrets cut out (safeErrorText), for an admin wondering why. */
  reply: text('reply').notNull(),
  bouncedAt: timestamptz('bounced_at').notNull(),
})
