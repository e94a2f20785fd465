import { toCents } from '../../../common/money'
import type { BillingPeriod } from '../../../common/plan-rules'
import { renewalPrice } from '../../../common/subscription-renewals'
import { invalidField } from '../../lib/http-error'

/**
 * The plan's price for the months, in minor units: what a checkout charges before a discount.
 * The one place it is read (never from the browser); the discount comes off in applyDiscountCode.
 */
export function listAmountMinor(
  plan: { price: string; billingPeriod: BillingPeriod },
  months: number,
): number {
  const list = toCents(renewalPrice(plan, months) ?? '')
  if (list === null) throw invalidField('planId', 'planId: this plan has no readable price')
  if (list <= 0) throw invalidField('planId', 'planId: this plan costs nothing to pay')
  return list
}
