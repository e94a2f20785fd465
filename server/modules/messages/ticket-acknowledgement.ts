import { createHash } from 'node:crypto'
import { and, eq, isNotNull, or, sql } from 'drizzle-orm'
import { emailDomain, isConsumerProvider, mailboxKey } from '../../../common/email-address'
import type { Db } from '../../db/client'
import { storedMailboxKey } from '../../db/mailbox-key'
import { messagePreferences } from '../../db/schema/message-preferences'
import { trialRequests } from '../../db/schema/trial-requests'
import { createRateLimiter } from '../rate-limits/rate-limiter'
import { hasBounced } from './mail-bounces.service'

const day = 24 * 60 * 60_000
type Limit = { limit: number; windowMs: number }

/**
 * Anyone may open a ticket with any address, so its acknowledgement is mail we send a stranger on
 * a stranger's word: a mailbox hears of at most 3 new tickets a day, however the address is
 * spelled (dots, +tags at any domain), counted in the database so every process shares the count.
 */
export const ticketAcknowledgementLimit: Limit = { limit: 3, windowMs: day }

/**
 * A backstop for one company's domain: a catch-all mailbox, or a stranger cycling its staff, gets
 * at most 50 acknowledgements a day. Not at the big consumer providers, whose addresses are
 * distinct people and where a shop's own customers would soon reach any number.
 */
export const ticketAcknowledgementDomainLimit: Limit = { limit: 50, windowMs: day }

/**
 * The rate-limit key holds a digest, not the address, so the counters table reads as no address
 * list at a glance. It is no secret: anyone can hash a guessed address and compare.
 */
const limitKey = (scope: string, value: string) =>
  `ticket-ack${scope}:${createHash('sha256').update(value).digest('base64url')}`

/** Someone with this address (any +tag of it) pressed "unsubscribe" in one of our e-mails. */
async function hasUnsubscribed(tx: Db, address: string, mailbox: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: trialRequests.id })
    .from(messagePreferences)
    .innerJoin(trialRequests, eq(trialRequests.id, messagePreferences.trialRequestId))
    .where(
      and(
        isNotNull(messagePreferences.remindersStoppedAt),
        or(
          eq(storedMailboxKey(trialRequests.emailKey), mailbox),
          eq(sql`lower(${trialRequests.email})`, address.trim().toLowerCase()),
        ),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Counts one more acknowledgement under `key`; true once past `limit` within the window. */
async function isPast(tx: Db, key: string, { limit, windowMs }: Limit, now: Date) {
  const window = await createRateLimiter(tx).hit(key, windowMs, now)
  return window.count > limit
}

/**
 * Why a new ticket's acknowledgement must not go to this address, or null when it may. Counts it
 * against the daily limits in the caller's transaction, so it is counted only with its ticket
 * (and not at all when a caller rolls back because it is held).
 */
export async function ticketAcknowledgementHold(
  tx: Db,
  address: string,
  now: Date,
): Promise<string | null> {
  const mailbox = mailboxKey(address)
  if (await hasUnsubscribed(tx, address, mailbox))
    return 'The address unsubscribed from our e-mails'
  if (await hasBounced(tx, address, now)) return 'The address bounced an earlier e-mail'
  const { limit } = ticketAcknowledgementLimit
  if (await isPast(tx, limitKey('', mailbox), ticketAcknowledgementLimit, now))
    return `The address had ${limit} ticket acknowledgements within 24 hours`
  const domain = emailDomain(address)
  if (isConsumerProvider(domain)) return null
  const perDomain = ticketAcknowledgementDomainLimit
  if (await isPast(tx, limitKey('-domain', domain), perDomain, now))
    return `The address's domain had ${perDomain.limit} ticket acknowledgements within 24 hours`
  return null
}
