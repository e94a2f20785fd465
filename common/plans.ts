export const billingPeriods = ['monthly', 'quarterly', 'semi-annual', 'annual'] as const
export type BillingPeriod = (typeof billingPeriods)[number]

export const billingMonths: Record<BillingPeriod, number> = {
  monthly: 1,
  quarterly: 3,
  'semi-annual': 6,
  annual: 12,
}
