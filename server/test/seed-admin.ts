import { count } from 'drizzle-orm'
import type { AdminRole } from '../../common/admin-users'
import type { Db } from '../db/client'
import { users } from '../db/schema/users'
import { hashPassword } from '../modules/auth/passwords'

// scrypt at OWASP's cost takes a second of a core: a test that is not about hashing inserts a hash
// computed once per test process (a fresh salt each time would prove nothing more there).
const hashes = new Map<string, Promise<string>>()
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password)
  if (!hash) hashes.set(password, (hash = hashPassword(password)))
  return hash
}

/** Inserts an admin who can sign in with `password`, as the admin API would store them. */
export async function seedAdmin(
  db: Db,
  admin: { username: string; password: string; role?: AdminRole },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(users)
    .values({ ...admin, password: await hashOnce(admin.password) })
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
