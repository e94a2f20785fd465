import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'
import type { AdminIdentity } from './sessions.service'
import { deleteOtherSessions } from './sessions.service'

export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: users.password })
    .from(users)
    .where(eq(users.id, userId))
  return row?.password ?? null
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
