import { asc, eq, sql } from 'drizzle-orm'
import type { AdminRole, AdminUser } from '../../../common/admin-users'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'
import { badRequest, conflict, notFound } from '../../lib/http-error'
import { usernameKey } from './username-key'

// Every query names its columns: the password hash never leaves this module.
const publicColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  active: users.active,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLoginAt: users.lastLoginAt,
  twoFactorEnabled: sql<boolean>`${users.totpSecret} is not null`,
}

type AdminRow = Omit<AdminUser, 'createdAt' | 'updatedAt' | 'lastLoginAt'> & {
  createdAt: Date
  updatedAt: Date
  lastLoginAt: Date | null
}

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

/**
 * Creates an admin from an already hashed password (hashing is slow: never inside a transaction).
 * The unique index on the username's key decides between concurrent creates of any two spellings
 * of one name: 409 for the losers.
 */
export async function createAdminUser(
  db: Db,
  { username, passwordHash, role }: { username: string; passwordHash: string; role: AdminRole },
): Promise<AdminUser> {
  const [row] = await db
    .insert(users)
    .values({ username, usernameKey: usernameKey(username), password: passwordHash, role })
    .onConflictDoNothing()
    .returning(publicColumns)
  if (!row) throw conflict('Username already exists')
  return presentAdminUser(row)
}

/**
 * The admin a change is about, and how many super admins there are, with every super_admin row
 * locked: concurrent deletes or demotions of the last two are serialised, and one of them refused.
 */
async function lockSuperAdmins(tx: Db, id: string) {
  const superAdmins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'super_admin'))
    .for('update')
  const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id))
  if (!target) throw notFound('Admin user not found')
  return { target, superAdmins: superAdmins.length }
}

/** Deletes an admin; nobody deletes themselves or the last super_admin. */
export async function deleteAdminUser(db: Db, id: string, actorId: string): Promise<void> {
  if (id === actorId) throw badRequest('You cannot delete your own account')
  await db.transaction(async (tx) => {
    const { target, superAdmins } = await lockSuperAdmins(tx, id)
    if (target.role === 'super_admin' && superAdmins <= 1) {
      throw conflict('Cannot delete the last super admin')
    }
    await tx.delete(users).where(eq(users.id, id))
  })
}

/**
 * Gives an admin another role. Nobody changes their own (a slip could lock the business out of
 * staff management) and the last super_admin keeps theirs, under the same locks as deletion.
 */
export async function changeAdminRole(
  db: Db,
  id: string,
  role: AdminRole,
  actorId: string,
  now: Date,
): Promise<AdminUser> {
  if (id === actorId) throw badRequest('You cannot change your own role')
  return db.transaction(async (tx) => {
    const { target, superAdmins } = await lockSuperAdmins(tx, id)
    if (target.role === 'super_admin' && role !== 'super_admin' && superAdmins <= 1) {
      throw conflict('Cannot change the role of the last super admin')
    }
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: now })
      .where(eq(users.id, id))
      .returning(publicColumns)
    return presentAdminUser(row!)
  })
}

/** The account `username` names, in any spelling that folds to its key. */
export async function findLoginCandidate(db: Db, username: string) {
  const [row] = await db
    .select({
      ...publicColumns,
      password: users.password,
      totpSecret: users.totpSecret,
      passwordCodeExpiresAt: users.passwordCodeExpiresAt,
    })
    .from(users)
    .where(eq(users.usernameKey, usernameKey(username)))
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
