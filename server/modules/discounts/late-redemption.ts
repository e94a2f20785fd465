import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { discountRedemptions } from '../../db/schema/discount-redemptions'
import { releaseRedemption } from './discount-redemption-status.service'
import { lockLimits } from './discount-reserve.service'
import { limitReached, type LimitReached } from './discount-rules'

type LatePayment = {
  id: string
  discountId: string | null
  trialRequestId: string | null
  expiresAt: Date | null
}

const lateReasons: Record<LimitReached, string> = {
  once_per_person:
    'it arrived after its checkout had expired, and this person has used the discount code (once per person) since, so nothing was extended',
  used_up:
    'it arrived after its checkout had expired, and the discount code has been used up by others since, so nothing was extended',
}

/**
 * Why a payment confirmed after its checkout stopped holding its code's use (it expired, or was
 * closed) may not take that use now, or null when it may: the use went to someone else since,
 * and honouring it would take the code past `maxRedemptions` or `oncePerPerson` (a BTCPay invoice
 * paid late, a checkout paid as it was replaced). The use is released, so it never counts; the
 * caller holds the payment for review and extends nothing. Takes the discount's lock, as a
 * reservation does, so it counts after every checkout that committed.
 */
export async function lateCodeUseProblem(
  tx: Db,
  payment: LatePayment,
  now: Date,
): Promise<string | null> {
  if (!payment.discountId || !payment.trialRequestId) return null
  const [redemption] = await tx
    .select({ status: discountRedemptions.status })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.paymentId, payment.id))
  const isHeld =
    redemption?.status === 'reserved' && (!payment.expiresAt || payment.expiresAt > now)
  if (!redemption || redemption.status === 'redeemed' || isHeld) return null
  const discount = await lockLimits(tx, payment.discountId)
  if (!discount) return null
  const reached = await limitReached(tx, discount, payment.trialRequestId, now, payment.id)
  if (!reached) return null
  await releaseRedemption(tx, payment.id, now)
  return lateReasons[reached]
}
