import { eq } from 'drizzle-orm'
import type { AccountQuote } from '../../../common/customer-account'
import { billingMonths } from '../../../common/plan-rules'
import { renewalEnd } from '../../../common/subscription-renewals'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { quoteDiscount } from '../discounts/discount-quote.service'
import { refuseCode } from '../discounts/discount-rules'
import { findActivePlan, listAmountMinor } from './checkout-price'

/**
 * What a checkout for the plan (with the code) would charge the person, and the end it would
 * bring once settled, read as the checkout and the settle step read them; it writes and reserves
 * nothing. A refused code answers 400 naming `discountCode`, as the checkout would.
 */
export async function quoteCheckout(
  db: Db,
  personId: string,
  input: { planId: string; discountCode: string | null },
  now: Date,
): Promise<AccountQuote> {
  const [person] = await db
    .select({ paidPlan: trialRequests.paidPlan, end: trialRequests.subscriptionEndDate })
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Your account no longer exists')
  const plan = await findActivePlan(db, input.planId)
  const months = billingMonths[plan.billingPeriod]
  const listAmount = listAmountMinor(plan, months)
  const discount = input.discountCode
    ? (
        await quoteDiscount(db, {
          code: input.discountCode,
          plan,
          personId,
          listAmountMinor: listAmount,
          now,
        })
      ).discountMinor
    : 0
  if (listAmount - discount <= 0) throw refuseCode('nothing_to_pay')
  // A trial becomes paid from the payment; a paid subscription runs on from its end (settle).
  const currentEnd = person.paidPlan ? person.end : null
  return {
    amount: listAmount - discount,
    listAmount,
    discount,
    currency: plan.currency,
    newEnd: renewalEnd(currentEnd, months, now).toISOString(),
  }
}
