import { eq } from 'drizzle-orm'
import { toCents } from '../../../common/money'
import type { BillingPeriod } from '../../../common/plan-rules'
import { renewalPrice } from '../../../common/subscription-renewals'
import type { Db } from '../../db/client'
import { plans } from '../../db/schema/plans'
import { invalidField } from '../../lib/http-error'

/** The plan a checkout (or its quote) is for: one on sale, or 400 naming `planId`. */
export async function findActivePlan(db: Db, planId: string) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId))
  if (!plan || !plan.active) throw invalidField('planId', 'planId: no active plan has this id')
  return plan
}

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
