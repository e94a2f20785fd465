import { createHash, randomBytes } from 'node:crypto'
import { eq, lt, or } from 'drizzle-orm'
import type { AdminRole } from '../../../common/admin-users'
import type { Db } from '../../db/client'
import { adminSessions } from '../../db/schema/admin-sessions'
import { users } from '../../db/schema/users'

export const sessionCookieName = 'sid'
export const sessionIdleMs = 12 * 60 * 60 * 1000
export const sessionAbsoluteMs = 7 * 24 * 60 * 60 * 1000
// Recording activity on every request would be a write per call; once a minute is enough.
const touchIntervalMs = 60 * 1000

export type AdminIdentity = { id: string; username: string; role: AdminRole; sessionId: string }

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Starts a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(adminSessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionAbsoluteMs),
  })
  return token
}

/** The active admin behind a session token, or null when it is unknown, expired or disabled. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<AdminIdentity | null> {
  const id = hashToken(token)
  const [row] = await db
    .select({
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      user: { id: users.id, username: users.username, role: users.role, active: users.active },
    })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(eq(adminSessions.id, id))
  if (!row) return null
  const isExpired =
    row.expiresAt <= now || row.lastSeenAt.getTime() + sessionIdleMs <= now.getTime()
  if (isExpired || !row.user.active) {
    await db.delete(adminSessions).where(eq(adminSessions.id, id))
    return null
  }
  if (now.getTime() - row.lastSeenAt.getTime() > touchIntervalMs) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id))
  }
  return { id: row.user.id, username: row.user.username, role: row.user.role, sessionId: id }
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId))
}

/** Removes sessions past their idle or absolute expiry. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, now),
        lt(adminSessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
      ),
    )
}
