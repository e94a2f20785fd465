import { eq } from 'drizzle-orm'
import { badRequest, notFound } from '../../lib/http-error'
import { adminSessions } from '../../db/schema/admin-sessions'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'
import type { AdminIdentity } from './sessions.service'
import { deleteOtherSessions } from './sessions.service'

/** What the account proves itself with: its password's hash and, when on, its TOTP secret. */
export async function findCredentials(
  db: Db,
  userId: string,
): Promise<{ password: string; totpSecret: string | null } | null> {
  const [row] = await db
    .select({ password: users.password, totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}

/** Stores the new hash and ends the admin's other sessions; answers the ids of those ended. */
export async function changePassword(
  db: Db,
  admin: Pick<AdminIdentity, 'id' | 'sessionId'>,
  passwordHash: string,
  now: Date,
): Promise<string[]> {
  await db
    .update(users)
    .set({ password: passwordHash, passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, admin.id))
  return deleteOtherSessions(db, admin.id, admin.sessionId)
}

/**
 * The password of a session opened with a one-time code: stored, the session freed to do the
 * rest, the admin's other sessions ended; answers the ids of those ended.
 */
export async function setFirstPassword(
  db: Db,
  admin: Pick<AdminIdentity, 'id' | 'sessionId'>,
  passwordHash: string,
  now: Date,
): Promise<string[]> {
  await db
    .update(adminSessions)
    .set({ mustSetPassword: false })
    .where(eq(adminSessions.id, admin.sessionId))
  return changePassword(db, admin, passwordHash, now)
}

/**
 * A super admin gives another staff account a new password (one restored without any, or one
 * forgotten): stored as a hash, any one-time code dropped, and the account's sessions ended.
 */
export async function setStaffPassword(
  db: Db,
  id: string,
  passwordHash: string,
  actorId: string,
  now: Date,
): Promise<void> {
  if (id === actorId) throw badRequest('Change your own password under your account')
  const [row] = await db
    .update(users)
    .set({
      password: passwordHash,
      passwordCodeExpiresAt: null,
      passwordChangedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id))
    .returning({ id: users.id })
  if (!row) throw notFound('Admin user not found')
  await db.delete(adminSessions).where(eq(adminSessions.userId, id))
}
