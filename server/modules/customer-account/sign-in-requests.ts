import { createHash } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { mailboxKey } from '../../../common/email-address'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { createRateLimiter } from '../rate-limits/rate-limiter'
import { enforceLimit, type Limit } from '../rate-limits/limits'
import { queueEmailIfSelected, queueMessage } from '../messages/outbox.service'

const minuteMs = 60_000

/** docs/security.md §7: a sign-in link per IP 10 in 15 minutes, per mailbox 3 an hour. */
export const signInLinkLimits = {
  perIp: { name: 'account-sign-in-link', limit: 10, windowMs: 15 * minuteMs },
  perMailbox: { name: 'account-sign-in-link-mailbox', limit: 3, windowMs: 60 * minuteMs },
  /** Opening links: 256-bit tokens cannot be guessed, but a flood still costs us queries. */
  signIn: { name: 'account-sign-in', limit: 30, windowMs: 15 * minuteMs },
  /** Checkouts a signed-in customer may start, each a call to a payment provider. */
  checkout: { name: 'account-checkout', limit: 20, windowMs: 60 * minuteMs },
  /** Prices asked before paying: enough to compare every plan and code, too few to guess codes. */
  quote: { name: 'account-quote', limit: 60, windowMs: 60 * minuteMs },
} satisfies Record<string, Limit>

// A digest, as for ticket acknowledgements: the counters table reads as no address list.
const mailboxDigest = (email: string) =>
  createHash('sha256').update(mailboxKey(email)).digest('base64url')

/** Queues the e-mail with a sign-in link; its token is minted when it is sent (message-values). */
export async function queueSignInLink(
  db: Db,
  person: { id: string; email: string },
  now: Date,
): Promise<void> {
  // E-mail only: the link goes to the address it was asked for, never to a chat as well.
  await queueMessage(
    db,
    {
      kind: 'account_sign_in',
      recipient: person.email,
      trialRequestId: person.id,
      channel: 'email',
    },
    now,
  )
}

/**
 * A sign-in link asked for on the sign-in page. Counted per IP and per mailbox before anything is
 * looked up, so the limits say nothing of whether we know the address. Known or not, the answer
 * comes after the same work in one transaction: the mailbox's count, and an outbox row written
 * either way, kept only for a known address. The mail itself is sent later, by the outbox.
 */
export async function requestSignInLink(
  app: FastifyInstance,
  email: string,
  ip: string,
): Promise<void> {
  const now = app.now()
  await enforceLimit(app.rateLimiter, signInLinkLimits.perIp, ip, now)
  await app.db.transaction(async (tx) => {
    const mailboxLimiter = createRateLimiter(tx)
    await enforceLimit(mailboxLimiter, signInLinkLimits.perMailbox, mailboxDigest(email), now)
    // One address may have asked for several trials: the person who paid, else the newest.
    const person = tx
      .select({ id: trialRequests.id, email: trialRequests.email })
      .from(trialRequests)
      .where(sql`lower(${trialRequests.email}) = ${email.trim().toLowerCase()}`)
      .orderBy(sql`${trialRequests.paidPlan} is null`, desc(trialRequests.createdAt))
      .limit(1)
    await queueEmailIfSelected(tx, 'account_sign_in', person, email, now)
  })
}

/** An admin's "Send sign-in link" on the person's page. */
export async function sendSignInLinkTo(tx: Db, personId: string, now: Date): Promise<void> {
  const [person] = await tx
    .select({ id: trialRequests.id, email: trialRequests.email })
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  await queueSignInLink(tx, person, now)
}
