import { createHash, randomBytes } from 'node:crypto'
import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm'
import type { AdminRole } from '../../../common/admin-users'
import type { SecuritySettings } from '../../../common/settings'
import type { Db } from '../../db/client'
import { adminSessions } from '../../db/schema/admin-sessions'
import { settings } from '../../db/schema/settings'
import { users } from '../../db/schema/users'
import { notFound } from '../../lib/http-error'
import { getSecuritySettings, securityGroup } from '../settings/settings.service'
import type { SessionMemory, SessionRecord } from './session-memory'

// Recording activity on every request would be a write per call; once a minute is enough.
const touchIntervalMs = 60 * 1000
const minuteMs = 60 * 1000
const dayMs = 24 * 60 * minuteMs

export type AdminIdentity = {
  id: string
  username: string
  role: AdminRole
  sessionId: string
  /** Settings require this admin to turn on two-factor sign-in before doing anything else. */
  mustSetUpTwoFactor: boolean
  /** Opened with a one-time code: nothing but a new password until one is set. */
  mustSetPassword: boolean
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const idleMs = (rules: SecuritySettings) => rules.sessionIdleMinutes * minuteMs
const absoluteMs = (rules: SecuritySettings) => rules.sessionAbsoluteDays * dayMs

/** Whether a session has passed its idle or absolute limit under the current rules. */
export function isSessionExpired(
  session: { createdAt: Date; lastSeenAt: Date },
  rules: SecuritySettings,
  now: Date,
): boolean {
  return (
    session.createdAt.getTime() + absoluteMs(rules) <= now.getTime() ||
    session.lastSeenAt.getTime() + idleMs(rules) <= now.getTime()
  )
}

/** Starts a session and returns its token for the cookie (only its hash is stored) and lifetime. */
export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  { mustSetPassword = false } = {},
): Promise<{ token: string; maxAgeSeconds: number }> {
  const rules = await getSecuritySettings(db)
  const token = randomBytes(32).toString('base64url')
  await db.insert(adminSessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + absoluteMs(rules)),
    mustSetPassword,
  })
  return { token, maxAgeSeconds: absoluteMs(rules) / 1000 }
}

/** The session `id` with its admin and the rules in force, in one round trip. */
async function readSession(db: Db, id: string): Promise<SessionRecord | null> {
  // The rules come with it: an admin lowering the idle timeout takes effect at once.
  const [row] = await db
    .select({
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      mustSetPassword: adminSessions.mustSetPassword,
      user: {
        id: users.id,
        username: users.username,
        role: users.role,
        active: users.active,
        hasTwoFactor: sql<boolean>`${users.totpSecret} is not null`,
      },
      rules: settings.value,
    })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .leftJoin(settings, eq(settings.key, securityGroup.key))
    .where(eq(adminSessions.id, id))
  return row ? { ...row, rules: securityGroup.parse(row.rules) } : null
}

/**
 * The active admin behind a session token, or null when it is unknown, expired or disabled.
 * `memory` spares the read for a session decided on lately (it never spares the checks).
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  memory?: SessionMemory,
): Promise<AdminIdentity | null> {
  const id = hashToken(token)
  const readStartedAt = memory?.startRead() ?? 0
  let record = memory?.recall(id, now) ?? (await readSession(db, id))
  if (!record) return null
  const { user, rules } = record
  if (isSessionExpired(record, rules, now) || !user.active) {
    memory?.forgetSessions(user.id, [id])
    await db.delete(adminSessions).where(eq(adminSessions.id, id))
    return null
  }
  if (now.getTime() - record.lastSeenAt.getTime() > touchIntervalMs) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id))
    record = { ...record, lastSeenAt: now }
  }
  memory?.keep(id, record, now, readStartedAt)
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    sessionId: id,
    mustSetUpTwoFactor:
      rules.requireTwoFactorForSuperAdmins && user.role === 'super_admin' && !user.hasTwoFactor,
    mustSetPassword: record.mustSetPassword,
  }
}

/** Ends every session of an admin (the caller tells their processes and sockets). */
export async function deleteAllSessionsOf(db: Db, id: string): Promise<void> {
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, id))
  if (!target) throw notFound('Admin user not found')
  await db.delete(adminSessions).where(eq(adminSessions.userId, id))
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId))
}

/** Ends every session of `userId` but `keepSessionId`; answers the ids it ended. */
export async function deleteOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string | null,
): Promise<string[]> {
  const rows = await db
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, userId),
        keepSessionId ? ne(adminSessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: adminSessions.id })
  return rows.map((row) => row.id)
}

/** Removes sessions past their idle or absolute expiry. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  const rules = await getSecuritySettings(db)
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.createdAt, new Date(now.getTime() - absoluteMs(rules))),
        lt(adminSessions.lastSeenAt, new Date(now.getTime() - idleMs(rules))),
      ),
    )
}

/** Of `sessionIds`, those that are still live (unexpired, admin active). */
export async function findLiveSessionIds(
  db: Db,
  sessionIds: string[],
  now: Date,
): Promise<Set<string>> {
  if (!sessionIds.length) return new Set()
  const [rules, rows] = await Promise.all([
    getSecuritySettings(db),
    db
      .select({
        id: adminSessions.id,
        createdAt: adminSessions.createdAt,
        lastSeenAt: adminSessions.lastSeenAt,
      })
      .from(adminSessions)
      .innerJoin(users, eq(users.id, adminSessions.userId))
      .where(and(inArray(adminSessions.id, sessionIds), eq(users.active, true))),
  ])
  return new Set(rows.filter((row) => !isSessionExpired(row, rules, now)).map((row) => row.id))
}
