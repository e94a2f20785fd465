import { and, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { codeRefusalMessage, type CodeRefusal } from '../../../common/discounts'
import type { Db } from '../../db/client'
import { storedMailboxKey } from '../../db/mailbox-key'
import { discountRedemptions } from '../../db/schema/discount-redemptions'
import type { discounts } from '../../db/schema/discounts'
import { payments } from '../../db/schema/payments'
import { trialRequests } from '../../db/schema/trial-requests'
import { invalidField } from '../../lib/http-error'

/** A code refused at checkout: 400 naming `discountCode`, as a validation answer would. */
export const refuseCode = (refusal: CodeRefusal) =>
  invalidField('discountCode', codeRefusalMessage(refusal))

type Limits = Pick<typeof discounts.$inferSelect, 'id' | 'maxRedemptions' | 'oncePerPerson'>

/** Whether the code has a limit, so a checkout with it holds one of its uses. */
export const hasLimits = (discount: Limits) =>
  discount.maxRedemptions !== null || discount.oncePerPerson

type Usage = { used: number; byPerson: number }

/**
 * A use that counts toward the code's limits now: redeemed, or reserved while its checkout is open
 * (one past its `expiresAt` holds nothing, even before reconciliation closes it). Over
 * `discount_redemptions` joined to its payment.
 */
export const countsNow = (now: Date) =>
  and(
    // Implied by what follows; said so the partial index on counted uses serves it.
    ne(discountRedemptions.status, 'released'),
    or(
      eq(discountRedemptions.status, 'redeemed'),
      and(
        eq(discountRedemptions.status, 'reserved'),
        or(isNull(payments.expiresAt), gt(payments.expiresAt, now)),
      ),
    ),
  )

/**
 * The code's uses that count now (countsNow). Those by the person count under their id and under
 * their mailbox (`+tags` and case folded), so a second contact row for the same mailbox is the
 * same person. `except`: a payment left out.
 */
async function usesOf(
  tx: Db,
  discountId: string,
  personId: string,
  now: Date,
  except: string | null,
): Promise<Usage> {
  const holder = alias(trialRequests, 'holder')
  const payer = alias(trialRequests, 'payer')
  const payerMailbox = tx
    .select({ key: storedMailboxKey(payer.emailKey) })
    .from(payer)
    .where(eq(payer.id, personId))
  const samePerson: SQL = or(
    eq(discountRedemptions.trialRequestId, personId),
    sql`${storedMailboxKey(holder.emailKey)} = (${payerMailbox})`,
  )!
  const [usage] = await tx
    .select({
      used: sql<number>`count(*)::int`,
      byPerson: sql<number>`(count(*) filter (where ${samePerson}))::int`,
    })
    .from(discountRedemptions)
    .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .leftJoin(holder, eq(holder.id, discountRedemptions.trialRequestId))
    .where(
      and(
        eq(discountRedemptions.discountId, discountId),
        except ? ne(discountRedemptions.paymentId, except) : undefined,
        countsNow(now),
      ),
    )
  return usage!
}

/** Which of the code's limits a further use by this person would pass. */
export type LimitReached = 'once_per_person' | 'used_up'

/** Which of the code's limits leaves no further use to this person, or null when none does. */
export async function limitReached(
  tx: Db,
  discount: Limits,
  personId: string,
  now: Date,
  except: string | null = null,
): Promise<LimitReached | null> {
  if (!hasLimits(discount)) return null
  const { used, byPerson } = await usesOf(tx, discount.id, personId, now, except)
  if (discount.oncePerPerson && byPerson > 0) return 'once_per_person'
  if (discount.maxRedemptions !== null && used >= discount.maxRedemptions) return 'used_up'
  return null
}

const refusals: Record<LimitReached, CodeRefusal> = {
  once_per_person: 'already_used',
  used_up: 'used_up',
}

/**
 * Refuses a use the code's limits no longer allow (limitReached). Exact only while the discount's
 * row is locked (reserveRedemption); without the lock it refuses early what would be refused
 * anyway.
 */
export async function checkUsage(
  tx: Db,
  discount: Limits,
  personId: string,
  now: Date,
): Promise<void> {
  const reached = await limitReached(tx, discount, personId, now)
  if (reached) throw refuseCode(refusals[reached])
}
