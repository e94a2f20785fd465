import { z } from 'zod'
import { planInput, type Plan, type PlanInput, type PlanValues } from '@common/plans'

/**
 * planInput as the dialog's form: features are typed one per line (blank lines dropped by
 * planInput) and an empty cost per month means the default.
 */
export const planFormInput = planInput.extend({
  costPerMonth: z.preprocess(
    (cost: string | undefined) => cost?.trim() || undefined,
    planInput.shape.costPerMonth,
  ),
  features: z.preprocess((text: string | undefined) => text?.split('\n'), planInput.shape.features),
})
export type PlanFormInput = z.input<typeof planFormInput>
export type PlanFormValues = z.output<typeof planFormInput>

/** A new plan costs 1.50 a month to supply (planInput's default too). */
export const defaultCostPerMonth = '1.50'

/** A blank plan in euros. */
export const newPlanForm: PlanFormInput = {
  name: '',
  description: '',
  price: '',
  costPerMonth: defaultCostPerMonth,
  currency: 'EUR',
  features: '',
  maxConnections: '1',
  billingPeriod: 'monthly',
  active: true,
  sortOrder: '0',
}

/** A saved plan, or a quick template, as the form's starting values. */
export function planFormValues(plan: Plan | PlanValues): PlanFormInput {
  return {
    name: plan.name,
    description: plan.description ?? '',
    price: plan.price,
    costPerMonth: plan.costPerMonth ?? '',
    currency: plan.currency,
    features: plan.features.join('\n'),
    maxConnections: String(plan.maxConnections),
    billingPeriod: plan.billingPeriod,
    active: plan.active,
    sortOrder: String(plan.sortOrder),
  }
}

/** A saved plan as the body of its PUT, with `active` set: what the table's switch sends. */
export function planInputWithActive(plan: Plan, active: boolean): PlanInput {
  return {
    name: plan.name,
    description: plan.description,
    price: plan.price,
    costPerMonth: plan.costPerMonth ?? undefined,
    currency: plan.currency,
    features: plan.features,
    maxConnections: plan.maxConnections,
    billingPeriod: plan.billingPeriod,
    active,
    sortOrder: plan.sortOrder,
  }
}
