import { and, eq, inArray } from 'drizzle-orm'
import type { RedemptionStatus } from '../../../common/discounts'
import type { Db } from '../../db/client'
import { discountRedemptions } from '../../db/schema/discount-redemptions'

/** Moves a payment's redemption `from` one of these states `to` another; answers its state. */
async function moveRedemption(
  tx: Db,
  paymentId: string,
  from: RedemptionStatus[],
  to: RedemptionStatus,
  now: Date,
): Promise<RedemptionStatus | null> {
  const byPayment = eq(discountRedemptions.paymentId, paymentId)
  const [moved] = await tx
    .update(discountRedemptions)
    .set({ status: to, updatedAt: now })
    .where(and(byPayment, inArray(discountRedemptions.status, from)))
    .returning({ status: discountRedemptions.status })
  if (moved) return moved.status
  const [current] = await tx
    .select({ status: discountRedemptions.status })
    .from(discountRedemptions)
    .where(byPayment)
  return current?.status ?? null
}

/**
 * The payment settled: its code's use is redeemed for good. Idempotent. A released use is
 * redeemed too, even past the code's limit: the customer paid the discounted price late (an
 * invoice paid after it expired), and that price stands. Answers the redemption's state, null
 * when the payment had no code.
 */
export function confirmRedemption(
  tx: Db,
  paymentId: string,
  now: Date = new Date(),
): Promise<RedemptionStatus | null> {
  return moveRedemption(tx, paymentId, ['reserved', 'released'], 'redeemed', now)
}

/**
 * The payment's checkout expired or failed: its use of the code stops counting, so another
 * customer may have it. Idempotent, and never undoes a redeemed use. Answers the redemption's
 * state, null when the payment had no code.
 */
export function releaseRedemption(
  tx: Db,
  paymentId: string,
  now: Date = new Date(),
): Promise<RedemptionStatus | null> {
  return moveRedemption(tx, paymentId, ['reserved'], 'released', now)
}
