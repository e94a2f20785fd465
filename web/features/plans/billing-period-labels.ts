import type { BillingPeriod } from '@common/plan-rules'

export const billingPeriodLabels: Record<BillingPeriod, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  'semi-annual': 'Semi-Annual',
  annual: 'Annual',
}
