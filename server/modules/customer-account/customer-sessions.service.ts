import { randomBytes } from 'node:crypto'
import { and, eq, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customerSessions } from '../../db/schema/customer-sessions'
import { trialRequests } from '../../db/schema/trial-requests'
import { hashSignInToken } from '../sign-in-links/sign-in-links.service'

const minuteMs = 60_000
const dayMs = 24 * 60 * minuteMs
/** A customer stays signed in a month on their own phone, and a week after they last came. */
export const customerSessionLimits = { absoluteMs: 30 * dayMs, idleMs: 7 * dayMs }
// Recording activity on every request would be a write per call; once a minute is enough.
const touchIntervalMs = minuteMs

/** The signed-in customer of a request (`request.customer`), with the address they signed in as. */
export type CustomerIdentity = { personId: string; sessionId: string; email: string }

/** Starts a session for the person; answers its token for the cookie (only the hash is kept). */
export async function createCustomerSession(
  db: Db,
  person: { personId: string; email: string },
  now: Date,
): Promise<{ token: string; maxAgeSeconds: number }> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(customerSessions).values({
    id: hashSignInToken(token),
    trialRequestId: person.personId,
    email: person.email,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + customerSessionLimits.absoluteMs),
  })
  return { token, maxAgeSeconds: customerSessionLimits.absoluteMs / 1000 }
}

/**
 * The customer behind a session token, or null when it is unknown, past either limit, or was
 * started with an address the person no longer has (an admin changed it: whoever held the old
 * mailbox is out).
 */
export async function resolveCustomerSession(
  db: Db,
  token: string,
  now: Date,
): Promise<CustomerIdentity | null> {
  const id = hashSignInToken(token)
  const [row] = await db
    .select({
      personId: customerSessions.trialRequestId,
      email: customerSessions.email,
      createdAt: customerSessions.createdAt,
      lastSeenAt: customerSessions.lastSeenAt,
      isSameEmail: sql<boolean>`lower(${trialRequests.email}) = lower(${customerSessions.email})`,
    })
    .from(customerSessions)
    .innerJoin(trialRequests, eq(trialRequests.id, customerSessions.trialRequestId))
    .where(eq(customerSessions.id, id))
  if (!row) return null
  const isExpired =
    row.createdAt.getTime() + customerSessionLimits.absoluteMs <= now.getTime() ||
    row.lastSeenAt.getTime() + customerSessionLimits.idleMs <= now.getTime()
  if (isExpired || !row.isSameEmail) {
    await db.delete(customerSessions).where(eq(customerSessions.id, id))
    return null
  }
  if (now.getTime() - row.lastSeenAt.getTime() > touchIntervalMs) {
    await db.update(customerSessions).set({ lastSeenAt: now }).where(eq(customerSessions.id, id))
  }
  return { personId: row.personId, sessionId: id, email: row.email }
}

export async function deleteCustomerSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.id, sessionId))
}

/** "Sign out everywhere": ends every session of the person; answers how many there were. */
export async function deleteCustomerSessionsOf(db: Db, personId: string): Promise<number> {
  const rows = await db
    .delete(customerSessions)
    .where(eq(customerSessions.trialRequestId, personId))
    .returning({ id: customerSessions.id })
  return rows.length
}

/** How many live sessions the person has (their page shows it beside "Sign out everywhere"). */
export async function countCustomerSessions(db: Db, personId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(customerSessions)
    .innerJoin(trialRequests, eq(trialRequests.id, customerSessions.trialRequestId))
    .where(
      and(
        eq(customerSessions.trialRequestId, personId),
        sql`lower(${trialRequests.email}) = lower(${customerSessions.email})`,
        sql`${customerSessions.createdAt} > ${new Date(now.getTime() - customerSessionLimits.absoluteMs).toISOString()}::timestamptz`,
        sql`${customerSessions.lastSeenAt} > ${new Date(now.getTime() - customerSessionLimits.idleMs).toISOString()}::timestamptz`,
      ),
    )
  return row?.count ?? 0
}

/** Removes sessions past either limit (the hourly cleanup). */
export async function deleteExpiredCustomerSessions(db: Db, now: Date): Promise<void> {
  await db
    .delete(customerSessions)
    .where(
      or(
        lt(customerSessions.createdAt, new Date(now.getTime() - customerSessionLimits.absoluteMs)),
        lt(customerSessions.lastSeenAt, new Date(now.getTime() - customerSessionLimits.idleMs)),
      ),
    )
}
