import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { discountRedemptions } from '../../db/schema/discount-redemptions'
import { discounts } from '../../db/schema/discounts'
import { checkUsage, refuseCode } from './discount-rules'

export type ReserveRedemptionRequest = {
  discountId: string
  personId: string
  /** The payment the code lowers; it must exist already (the redemption references it). */
  paymentId: string
  now: Date
}

/**
 * The code's limits, its row locked so that whoever counts its uses next counts after this
 * transaction commits; undefined once the code is deleted.
 */
export async function lockLimits(tx: Db, discountId: string) {
  const [discount] = await tx
    .select({
      id: discounts.id,
      maxRedemptions: discounts.maxRedemptions,
      oncePerPerson: discounts.oncePerPerson,
    })
    .from(discounts)
    .where(eq(discounts.id, discountId))
    // Not FOR UPDATE: every racing checkout has inserted its payment, whose foreign key to the
    // discount holds a KEY SHARE lock on this row, which FOR UPDATE waits for: they deadlocked.
    // NO KEY UPDATE ignores those and still queues the checkouts behind one another.
    .for('no key update')
  return discount
}

/**
 * Counts one use of the code for this payment from now on, or refuses it (400 naming
 * `discountCode`) when the code is used up or, once per person, this person or their mailbox has
 * a use of it.
 * Checkouts racing for the last use queue on a lock of the discount's row, and each counts after the
 * one before it committed: only one of them gets it. Answers the redemption's id.
 */
export async function reserveRedemption(
  tx: Db,
  { discountId, personId, paymentId, now }: ReserveRedemptionRequest,
): Promise<string> {
  const discount = await lockLimits(tx, discountId)
  // Deleted since it was quoted.
  if (!discount) throw refuseCode('not_valid')
  await checkUsage(tx, discount, personId, now)
  const [redemption] = await tx
    .insert(discountRedemptions)
    .values({ discountId, trialRequestId: personId, paymentId, createdAt: now, updatedAt: now })
    .returning({ id: discountRedemptions.id })
  return redemption!.id
}
