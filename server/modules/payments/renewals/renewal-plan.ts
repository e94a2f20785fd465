import { billingMonths } from '../../../../common/plan-rules'
import type { Plan } from '../../plans/renewal-plan'
import { listAmountMinor } from '../checkout-price'

/** A period of the plan as a renewal charges it: its billing period at its price. */
export function renewalCharge(plan: Plan) {
  const months = billingMonths[plan.billingPeriod]
  return { months, amountMinor: listAmountMinor(plan, months), currency: plan.currency }
}
