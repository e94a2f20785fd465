import { asc, eq, sql } from 'drizzle-orm'
import type { AdminUser, CreateAdminUser } from '../../../common/admin-users'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'
import { badRequest, conflict, notFound } from '../../lib/http-error'
import { hashPassword } from '../auth/passwords'

// Every query names its columns: the password hash never leaves this module.
const publicColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  active: users.active,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLoginAt: users.lastLoginAt,
}

type AdminRow = { [K in keyof typeof publicColumns]: (typeof users.$inferSelect)[K] }

export function presentAdminUser(row: AdminRow): AdminUser {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  }
}

export async function listAdminUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db
    .select(publicColumns)
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.username))
  return rows.map(presentAdminUser)
}

export async function getAdminUser(db: Db, id: string): Promise<AdminUser | null> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id))
  return row ? presentAdminUser(row) : null
}

const usernameTaken = () => conflict('Username already exists')

/** Creates an admin; 409 when the username (case-insensitively) is taken. */
export async function createAdminUser(
  db: Db,
  { username, password, role }: CreateAdminUser,
): Promise<AdminUser> {
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
    if (existing) throw usernameTaken()
    const [row] = await tx
      .insert(users)
      .values({ username, password: passwordHash, role })
      .onConflictDoNothing()
      .returning(publicColumns)
    if (!row) throw usernameTaken()
    return presentAdminUser(row)
  })
}

/** Deletes an admin; nobody deletes themselves or the last super_admin. */
export async function deleteAdminUser(db: Db, id: string, actorId: string): Promise<void> {
  if (id === actorId) throw badRequest('You cannot delete your own account')
  await db.transaction(async (tx) => {
    // Locking every super_admin row serialises concurrent deletes of the last two.
    const superAdmins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'super_admin'))
      .for('update')
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id))
    if (!target) throw notFound('Admin user not found')
    if (target.role === 'super_admin' && superAdmins.length <= 1) {
      throw conflict('Cannot delete the last super admin')
    }
    await tx.delete(users).where(eq(users.id, id))
  })
}

export async function findLoginCandidate(db: Db, username: string) {
  const [row] = await db
    .select({ ...publicColumns, password: users.password })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
  return row ?? null
}

export async function recordLogin(db: Db, id: string, now: Date): Promise<AdminUser> {
  const [row] = await db
    .update(users)
    .set({ lastLoginAt: now, updatedAt: now })
    .where(eq(users.id, id))
    .returning(publicColumns)
  return presentAdminUser(row!)
}
