import { billingMonths } from '@common/plan-rules'
import type { ManualMethod, Payment } from '@common/payments'
import type { Plan } from '@common/plans'

export type RecordPaymentStart = { planId: string; months: string; method: ManualMethod }

const settled = new Set<Payment['status']>(['paid', 'partially_refunded', 'refunded'])

/**
 * Where 'Record payment' opens: the person's current plan for the term they last paid it for
 * (else the plan's own term), and the method of their last payment recorded by hand. Without a
 * plan on sale by their plan's name, the plan of their last payment, then the first on sale.
 * `payments` come newest first, as the list answers them.
 */
export function recordPaymentStart(
  plans: Plan[],
  currentPlan: string | null,
  payments: Payment[],
): RecordPaymentStart {
  const paid = payments.filter((payment) => settled.has(payment.status))
  const name = currentPlan?.trim().toLowerCase()
  const plan =
    plans.find((candidate) => candidate.name.toLowerCase() === name) ??
    plans.find((candidate) => candidate.id === paid[0]?.planId) ??
    plans[0]
  const lastOfPlan = paid.find((payment) => payment.planId === plan?.id)
  const months = lastOfPlan?.months ?? (plan ? billingMonths[plan.billingPeriod] : 1)
  const method = paid.find((payment) => payment.method !== null)?.method ?? 'bank_transfer'
  return { planId: plan?.id ?? '', months: String(months), method }
}
