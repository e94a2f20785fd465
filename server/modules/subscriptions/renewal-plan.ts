/**
 * Why a payment for `planName` cannot extend a subscription on `paidPlan`, or null when it can.
 * A payment extends the plan the customer is on: its receipt, the renewal's revenue and a later
 * refund all name that plan, so a payment for another plan is refused before money is asked for
 * (and held for an admin if the plan changed while the customer paid).
 */
export function otherPlanProblem(paidPlan: string | null, planName: string): string | null {
  if (paidPlan === null || paidPlan === planName) return null
  return `this subscription is on ${paidPlan}; a payment extends it on that plan, not on ${planName}`
}
