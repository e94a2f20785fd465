import { createHash } from 'node:crypto'
import { and, eq, isNotNull, or, sql } from 'drizzle-orm'
import { normalizeEmail } from '../../../common/email-address'
import type { Db } from '../../db/client'
import { messagePreferences } from '../../db/schema/message-preferences'
import { trialRequests } from '../../db/schema/trial-requests'
import { createRateLimiter } from '../../lib/rate-limiter'
import { hasBounced } from './mail-bounces.service'

/**
 * Anyone may open a ticket with any address, so its acknowledgement is mail we send a stranger on
 * a stranger's word: a mailbox hears of at most 3 new tickets a day, however the address is
 * spelled (dots, +tags), counted in the database so every process shares the count.
 */
export const ticketAcknowledgementLimit = { limit: 3, windowMs: 24 * 60 * 60_000 }

// The rate-limit key holds a digest, not the address: the counters table is no address list.
const limitKey = (mailbox: string) =>
  `ticket-ack:${createHash('sha256').update(mailbox).digest('base64url')}`

/** Someone with this address pressed "unsubscribe" in one of our e-mails. */
async function hasUnsubscribed(tx: Db, address: string, mailbox: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: trialRequests.id })
    .from(messagePreferences)
    .innerJoin(trialRequests, eq(trialRequests.id, messagePreferences.trialRequestId))
    .where(
      and(
        isNotNull(messagePreferences.remindersStoppedAt),
        or(
          eq(trialRequests.emailKey, mailbox),
          eq(sql`lower(${trialRequests.email})`, address.trim().toLowerCase()),
        ),
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * Why a new ticket's acknowledgement must not go to this address, or null when it may. Counts it
 * against the daily limit in the caller's transaction, so it is counted only with its ticket.
 */
export async function ticketAcknowledgementHold(
  tx: Db,
  address: string,
  now: Date,
): Promise<string | null> {
  const mailbox = normalizeEmail(address)
  if (await hasUnsubscribed(tx, address, mailbox))
    return 'The address unsubscribed from our e-mails'
  if (await hasBounced(tx, address)) return 'The address bounced an earlier e-mail'
  const { limit, windowMs } = ticketAcknowledgementLimit
  const window = await createRateLimiter(tx).hit(limitKey(mailbox), windowMs, now)
  if (window.count > limit)
    return `The address had ${limit} ticket acknowledgements within 24 hours`
  return null
}
