import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/**
 * A person's stored e-mail key (`trial_requests.email_key`, one trial per person's folding) with
 * its +tag dropped at every domain, as `mailboxKey` (common/email-address.ts) does: the mailbox
 * for limits a person could otherwise renew with a new tag. Null when the key is (erased).
 */
export const storedMailboxKey = (emailKey: AnyColumn): SQL<string | null> =>
  sql`regexp_replace(${emailKey}, '^([^+@]+)\\+[^@]*@', '\\1@')`
