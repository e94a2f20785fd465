import {
  bigint,
  boolean,
  check,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { adminRoles } from '../../../common/admin-users'
import { createdAt, isOneOf, timestamptz, updatedAt } from './columns'

/**
 * Business Center accounts. `password` holds only the scrypt hash. Usernames are unique by their
 * key (`usernameKey`: Unicode-normalised and case-folded in JavaScript), by the index, so two
 * concurrent creates of `ada` and `ADA` cannot both succeed.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: varchar('username', { length: 64 }).notNull(),
    /** The spelling the account is found and rate-limited by: `usernameKey(username)`. */
    usernameKey: text('username_key').notNull(),
    password: text('password').notNull(),
    role: varchar('role', { length: 20, enum: adminRoles }).notNull().default('admin'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamptz('last_login_at'),
    passwordChangedAt: timestamptz('password_changed_at'),
    /** The name this admin's chat replies are signed with; null: "Support Agent". */
    supportDisplayName: varchar('support_display_name', { length: 64 }),
    /** The TOTP secret (base32) once two-factor sign-in is on; null while it is off. */
    totpSecret: text('totp_secret'),
    /** A secret offered by setup, kept until the admin proves their app holds it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step a code was accepted for: a code works once (RFC 6238 §5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * Set while `password` holds the hash of a one-time code (a restore's, decision 0051): the
     * code signs in once before this time, and that session must set a new password.
     */
    passwordCodeExpiresAt: timestamptz('password_code_expires_at'),
  },
  (t) => [
    check('users_role_check', isOneOf(t.role, adminRoles)),
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
  ],
)
