import { count } from 'drizzle-orm'
import type { AdminRole } from '../../common/admin-users'
import type { Db } from '../db/client'
import { users } from '../db/schema/users'
import { usernameKey } from '../modules/admins/username-key'
import { hashPassword, type ScryptCost } from '../lib/passwords'

/**
 * scrypt at OWASP's cost takes a second of a core for every hash and every sign-in. Where the
 * hash is not what a test is about, hashes are made at this low cost instead: seeded admins', and
 * test servers' new ones (`startTestServer`). Signing in reads the cost from the stored hash, as it
 * does for a hash made before the cost was raised, so the same code checks it in milliseconds.
 * OWASP's cost stays tested where it is the point: `passwords.test.ts`, `password-cost.test.ts`
 * (the product's default), `login-abuse.test.ts` (the hashing queue's 503) and every server
 * process (start-up's first admin).
 */
export const testPasswordCost: ScryptCost = { N: 2 ** 12, r: 8, p: 1 }

/** Inserts an admin who signs in with `password`: the admin API's format, at the test cost. */
export async function seedAdmin(
  db: Db,
  admin: { username: string; password: string; role?: AdminRole },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(users)
    .values({
      ...admin,
      usernameKey: usernameKey(admin.username),
      password: await hashPassword(admin.password, testPasswordCost),
    })
    .returning({ id: users.id })
  return row!
}

/** Like the server's start-up bootstrap: the super_admin, only on a database with no admin yet. */
export async function seedFirstSuperAdmin(
  db: Db,
  admin: { username: string; password: string },
): Promise<void> {
  const [{ admins } = { admins: 0 }] = await db.select({ admins: count() }).from(users)
  if (admins === 0) await seedAdmin(db, { ...admin, role: 'super_admin' })
}
