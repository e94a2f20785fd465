import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import { signInLinkPath, type SignInLinkProblem } from '../../../common/customer-account'
import type { Db } from '../../db/client'
import {
  customerSignInTokens,
  type signInTokenPurposes,
} from '../../db/schema/customer-sign-in-tokens'
import { trialRequests } from '../../db/schema/trial-requests'

export type SignInTokenPurpose = (typeof signInTokenPurposes)[number]

const minuteMs = 60_000
/** Asked for on the sign-in page: long enough to open the mail, short if the mailbox leaks. */
const lifetimeMs: Record<SignInTokenPurpose, number> = {
  sign_in: 30 * minuteMs,
  email_link: 7 * 24 * 60 * minuteMs,
}

export const hashSignInToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A new one-time sign-in link for a person, as a path (`/account/sign-in?token=…`): 256 random
 * bits, of which only the hash is stored, bound to the address it goes to. Minted when a message
 * is sent, never when it is queued, so no token waits in the outbox.
 */
export async function mintSignInToken(
  db: Db,
  person: { id: string; email: string },
  purpose: SignInTokenPurpose,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(customerSignInTokens).values({
    id: hashSignInToken(token),
    trialRequestId: person.id,
    email: person.email,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs[purpose]),
  })
  return token
}

/** `mintSignInToken` as the link's path, with `isRenew` opening the renew panel. */
export async function mintSignInPath(
  db: Db,
  person: { id: string; email: string },
  purpose: SignInTokenPurpose,
  now: Date,
  options: { isRenew?: boolean } = {},
): Promise<string> {
  return signInLinkPath(await mintSignInToken(db, person, purpose, now), options)
}

/** The person a link's token signs in, or why it signs in no one. */
export type ConsumedToken =
  { personId: string; email: string; firstName: string } | { problem: SignInLinkProblem }

/**
 * Uses a token once: the update that marks it used is the check, so two tabs opening one link at
 * once sign in once. A link sent to an address the person no longer has is worth nothing.
 */
export const consumeSignInToken = (db: Db, token: string, now: Date) =>
  readSignInToken(db, token, now, { isUse: true })

/** Whom a token would sign in, leaving it unused (the page shows it before the click). */
export const previewSignInToken = (db: Db, token: string, now: Date) =>
  readSignInToken(db, token, now, { isUse: false })

/** One reading for both, so a preview answers exactly what using the link would. */
async function readSignInToken(
  db: Db,
  token: string,
  now: Date,
  { isUse }: { isUse: boolean },
): Promise<ConsumedToken> {
  const id = hashSignInToken(token)
  const isUsable = and(
    eq(customerSignInTokens.id, id),
    isNull(customerSignInTokens.usedAt),
    sql`${customerSignInTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
  )
  const link = { personId: customerSignInTokens.trialRequestId, email: customerSignInTokens.email }
  const [usable] = isUse
    ? await db.update(customerSignInTokens).set({ usedAt: now }).where(isUsable).returning(link)
    : await db.select(link).from(customerSignInTokens).where(isUsable)
  if (!usable) {
    const [known] = await db
      .select({ usedAt: customerSignInTokens.usedAt })
      .from(customerSignInTokens)
      .where(eq(customerSignInTokens.id, id))
    return { problem: !known ? 'unknown' : known.usedAt ? 'used' : 'expired' }
  }
  const [person] = await db
    .select({ firstName: trialRequests.firstName })
    .from(trialRequests)
    .where(
      and(
        eq(trialRequests.id, usable.personId),
        sql`lower(${trialRequests.email}) = lower(${usable.email})`,
      ),
    )
  return person ? { ...usable, firstName: person.firstName } : { problem: 'expired' }
}

/**
 * Drops links expired a day ago (the hourly cleanup): until then, opening one says it expired
 * rather than that it is unknown.
 */
export async function deleteSpentSignInTokens(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * minuteMs)
  await db.delete(customerSignInTokens).where(lt(customerSignInTokens.expiresAt, dayAgo))
}
