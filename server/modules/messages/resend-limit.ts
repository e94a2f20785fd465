import { and, asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { tooManyRequests } from '../../lib/http-error'
import { retryAfterText, secondsUntil } from '../rate-limits/rate-limiter'

/** One message is resent at most this often an hour, whoever resends it: nobody is flooded. */
export const resendLimit = { times: 3, windowMs: 60 * 60_000 } as const

/**
 * Refuses a fourth resend of `rootId` (the message first sent; every copy points to it) within the
 * hour: 429 saying when the oldest of the three leaves the hour. The first message is locked, so
 * staff resending at once, from any process, are counted one after the other.
 */
export async function admitResend(tx: Db, rootId: string, now: Date): Promise<void> {
  await tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, rootId))
    .for('update')
  const since = new Date(now.getTime() - resendLimit.windowMs)
  const copies = await tx
    .select({ createdAt: outboxMessages.createdAt })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.resentFrom, rootId), gt(outboxMessages.createdAt, since)))
    .orderBy(asc(outboxMessages.createdAt))
  if (copies.length < resendLimit.times) return
  const freeAt = new Date(
    copies[copies.length - resendLimit.times]!.createdAt.getTime() + resendLimit.windowMs,
  )
  throw tooManyRequests(
    `This message was already resent ${resendLimit.times} times in the last hour. ${retryAfterText(freeAt, now)}`,
    secondsUntil(freeAt, now),
  )
}
