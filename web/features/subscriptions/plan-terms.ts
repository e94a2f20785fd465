import { billingMonths } from '@common/plan-rules'
import type { Plan } from '@common/plans'
import { renewalPrice } from '@common/subscription-renewals'

/** A plan's own term as a form's months field holds it: "3" for a quarterly plan. */
export const termOf = (plan: Plan): string => String(billingMonths[plan.billingPeriod])

/** The plan's price for the months typed, by the server's rule; empty when either is unknown. */
export const priceFor = (plan: Plan | undefined, months: string): string =>
  (plan && renewalPrice(plan, Number(months))) ?? ''
