import { toCents } from '../../../common/money'
import type { BillingPeriod } from '../../../common/plan-rules'
import { renewalPrice } from '../../../common/subscription-renewals'
import type { Db } from '../../db/client'
import { invalidField } from '../../lib/http-error'

export type CheckoutPriceInput = {
  plan: { id: string; price: string; billingPeriod: BillingPeriod }
  months: number
  discountCode: string | null
  trialRequestId: string
  now: Date
}

export type CheckoutPrice = {
  listAmountMinor: number
  discountMinor: number
  amountMinor: number
  discountId: string | null
  discountCode: string | null
}

/**
 * What a checkout charges: the plan's price for the months, less a discount. The one place the
 * amount is decided (never from the browser); it runs inside the transaction that records the
 * payment, so a discount's limits can be checked and held there.
 */
export async function checkoutPrice(_tx: Db, input: CheckoutPriceInput): Promise<CheckoutPrice> {
  if (input.discountCode) {
    throw invalidField('discountCode', 'discountCode: discount codes are not available yet')
  }
  const list = toCents(renewalPrice(input.plan, input.months) ?? '')
  if (list === null) throw invalidField('planId', 'planId: this plan has no readable price')
  return {
    listAmountMinor: list,
    discountMinor: 0,
    amountMinor: list,
    discountId: null,
    discountCode: null,
  }
}
