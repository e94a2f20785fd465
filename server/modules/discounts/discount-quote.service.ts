import { eq } from 'drizzle-orm'
import { discountMinor } from '../../../common/discounts'
import type { Db } from '../../db/client'
import { discounts } from '../../db/schema/discounts'
import { checkUsage, hasLimits, refuseCode } from './discount-rules'

export type DiscountQuoteRequest = {
  /** As the customer typed it; any case. */
  code: string
  /** The plan being bought: a discount names the plans it is for. */
  plan: { name: string }
  /** The trial request (person) paying. */
  personId: string
  /** The plan's price for the months bought, in minor units. */
  listAmountMinor: number
  now: Date
}

export type DiscountQuote = {
  discountId: string
  code: string
  discountMinor: number
  /** The code has a limit (a number of uses, once per person): its checkout holds a use. */
  isLimited: boolean
}

const dayMs = 86_400_000

/** The end of the UTC day `validTo` falls on: the screen sets and shows it as a calendar day. */
function endOfValidity(validTo: Date): number {
  return Math.floor(validTo.getTime() / dayMs) * dayMs + dayMs
}

/**
 * What a code takes off this checkout's price, or a 400 naming `discountCode` and why not:
 * unknown or switched off, not started, expired, not for this plan, already used by this person
 * (once-per-person codes), used up. Reserves nothing: see applyDiscountCode.
 */
export async function quoteDiscount(tx: Db, request: DiscountQuoteRequest): Promise<DiscountQuote> {
  const { plan, personId, listAmountMinor, now } = request
  // Codes are saved in capitals (discountInput), so this finds one whatever case was typed.
  const code = request.code.trim().toUpperCase()
  const [discount] = code ? await tx.select().from(discounts).where(eq(discounts.code, code)) : []
  // A paused code reads as an unknown one: the customer learns nothing about it.
  if (!discount?.active) throw refuseCode('not_valid')
  if (now < discount.validFrom) throw refuseCode('not_valid_yet')
  if (discount.validTo && now.getTime() >= endOfValidity(discount.validTo)) {
    throw refuseCode('expired')
  }
  const plans = discount.applicablePlans
  if (plans.length > 0 && !plans.includes(plan.name)) {
    throw refuseCode('other_plan')
  }
  await checkUsage(tx, discount, personId, now)
  return {
    discountId: discount.id,
    code,
    discountMinor: discountMinor(discount, listAmountMinor),
    isLimited: hasLimits(discount),
  }
}
