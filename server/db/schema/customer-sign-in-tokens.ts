import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { createdAt, isOneOf, timestamptz } from './columns'
import { trialRequests } from './trial-requests'

/** `sign_in`: asked for on the sign-in page (30 minutes); `email_link`: in our e-mails (7 days). */
export const signInTokenPurposes = ['sign_in', 'email_link'] as const

/**
 * One-time links that sign a customer in. The id is the SHA-256 of the token, never the token;
 * the address it was sent to is kept, so a link stops working once the person's e-mail changes.
 */
export const customerSignInTokens = pgTable(
  'customer_sign_in_tokens',
  {
    id: text('id').primaryKey(),
    trialRequestId: uuid('trial_request_id')
      .notNull()
      .references(() => trialRequests.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 20, enum: signInTokenPurposes }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    check('customer_sign_in_tokens_purpose_check', isOneOf(t.purpose, signInTokenPurposes)),
    index('customer_sign_in_tokens_expires_idx').on(t.expiresAt),
    index('customer_sign_in_tokens_person_idx').on(t.trialRequestId),
    check('customer_sign_in_tokens_lifetime_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
)
