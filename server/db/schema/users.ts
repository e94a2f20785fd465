import { boolean, check, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { adminRoles } from '../../../common/admin-users'
import { createdAt, isOneOf, timestamptz, updatedAt } from './columns'

/** Business Center accounts. `password` holds only the scrypt hash. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: varchar('username', { length: 64 }).notNull().unique(),
    password: text('password').notNull(),
    role: varchar('role', { length: 20, enum: adminRoles }).notNull().default('admin'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamptz('last_login_at'),
  },
  (t) => [check('users_role_check', isOneOf(t.role, adminRoles))],
)
