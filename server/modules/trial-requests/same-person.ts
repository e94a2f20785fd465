import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { PersonKeys } from './trial-identity'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'

// Any constant, the same in every process: the key space of the per-person locks.
const personLockSpace = 7_340_213

/** FNV-1a: a stable 32-bit lock id for a key (a collision only makes two people wait in turn). */
function lockId(key: string): number {
  let hash = 0x811c9dc5
  for (const char of key) {
    hash ^= char.codePointAt(0)!
    hash = Math.imul(hash, 0x01000193)
  }
  return hash | 0
}

/**
 * Makes requests sharing any key with this one wait until this transaction ends, so that two
 * concurrent requests of one person cannot both find "no open request" and both insert. Locks
 * are taken in id order, so two people sharing two keys cannot deadlock. A unique index would
 * not do: a person has up to three keys, and an admin may legitimately reopen an old request.
 */
export async function lockPerson(tx: Db, keys: PersonKeys): Promise<void> {
  const names = [`email:${keys.email}`]
  if (keys.telegram) names.push(`telegram:${keys.telegram}`)
  if (keys.whatsapp) names.push(`whatsapp:${keys.whatsapp}`)
  const ids = [...new Set(names.map(lockId))].sort((a, b) => a - b)
  for (const id of ids) {
    await tx.execute(sql`select pg_advisory_xact_lock(${personLockSpace}::int, ${id}::int)`)
  }
}

function samePerson(keys: PersonKeys) {
  return or(
    eq(trialRequests.emailKey, keys.email),
    keys.telegram ? eq(trialRequests.telegramKey, keys.telegram) : undefined,
    keys.whatsapp ? eq(trialRequests.whatsappKey, keys.whatsapp) : undefined,
  )
}

/** Pending, on trial or subscribed: such a request stands in for any new one of its person. */
const isOpen = or(
  eq(trialRequests.subscriptionStatus, 'active'),
  and(eq(trialRequests.subscriptionStatus, 'trial'), ne(trialRequests.status, 'Rejected')),
)

/** The person's oldest open request, if any. */
export async function findOpenRequest(tx: Db, keys: PersonKeys) {
  const [open] = await tx
    .select({
      id: trialRequests.id,
      clientRequestId: trialRequests.clientRequestId,
      lastAskedClientRequestId: trialRequests.lastAskedClientRequestId,
    })
    .from(trialRequests)
    .where(and(samePerson(keys), isOpen))
    .orderBy(asc(trialRequests.createdAt))
    .limit(1)
  return open
}

/** Whether a trial of this person ran out (expired) or was ended (cancelled) before. */
export async function hadTrialBefore(tx: Db, keys: PersonKeys): Promise<boolean> {
  const rows = await tx
    .select({ id: trialRequests.id })
    .from(trialRequests)
    .where(
      and(samePerson(keys), inArray(trialRequests.subscriptionStatus, ['expired', 'cancelled'])),
    )
    .limit(1)
  return rows.length > 0
}

/** Counts one more "asked again" on the open request; a retry of that same ask counts once. */
export async function recordAskedAgain(
  tx: Db,
  open: { id: string; lastAskedClientRequestId: string | null },
  clientRequestId: string | undefined,
  now: Date,
): Promise<void> {
  if (clientRequestId && open.lastAskedClientRequestId === clientRequestId) return
  await tx
    .update(trialRequests)
    .set({
      askedAgainCount: sql`${trialRequests.askedAgainCount} + 1`,
      lastAskedAt: now,
      lastAskedClientRequestId: clientRequestId ?? null,
    })
    .where(eq(trialRequests.id, open.id))
}
