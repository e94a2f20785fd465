import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { discountRedemptions } from '../../db/schema/discount-redemptions'
import type { discounts } from '../../db/schema/discounts'
import { invalidField } from '../../lib/http-error'

/** A code refused at checkout: 400 naming `discountCode`, as a validation answer would. */
export const refuseCode = (reason: string) =>
  invalidField('discountCode', `discountCode: ${reason}`)

type Limits = Pick<typeof discounts.$inferSelect, 'id' | 'maxRedemptions' | 'oncePerPerson'>

/**
 * Refuses a use the code's limits no longer allow: reserved uses count as much as redeemed ones,
 * released ones not at all. Exact only while the discount's row is locked (reserveRedemption);
 * without the lock it refuses early what would be refused anyway.
 */
export async function checkUsage(tx: Db, discount: Limits, personId: string): Promise<void> {
  if (discount.maxRedemptions === null && !discount.oncePerPerson) return
  const [counts] = await tx
    .select({
      used: sql<number>`count(*)::int`,
      byPerson: sql<number>`(count(*) filter (where ${eq(discountRedemptions.trialRequestId, personId)}))::int`,
    })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountId, discount.id),
        ne(discountRedemptions.status, 'released'),
      ),
    )
  if (discount.oncePerPerson && counts!.byPerson > 0) {
    throw refuseCode('you have already used this code')
  }
  if (discount.maxRedemptions !== null && counts!.used >= discount.maxRedemptions) {
    throw refuseCode('this code has been used up')
  }
}
