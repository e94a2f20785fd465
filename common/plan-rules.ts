// No zod here on purpose: public pages import these rules, and zod is heavy (see site-config.ts).
import { formatCents, toCents } from './money'
import type { Plan } from './plans'

export const billingPeriods = ['monthly', 'quarterly', 'semi-annual', 'annual'] as const
export type BillingPeriod = (typeof billingPeriods)[number]

export const billingMonths: Record<BillingPeriod, number> = {
  monthly: 1,
  quarterly: 3,
  'semi-annual': 6,
  annual: 12,
}

const periodSuffix: Record<BillingPeriod, string> = {
  monthly: '/month',
  quarterly: '/3 months',
  'semi-annual': '/6 months',
  annual: '/year',
}

/** "Starter - $9.99/month" (always a dollar sign, two decimals). */
export function planPriceLabel(p: Pick<Plan, 'name' | 'price' | 'billingPeriod'>): string {
  const cents = toCents(p.price) ?? 0
  return `${p.name} - $${formatCents(cents)}${periodSuffix[p.billingPeriod] ?? '/period'}`
}

/** The price spread over the months it pays for, "6.67" for 79.99 a year. */
export function perMonthPrice(p: Pick<Plan, 'price' | 'billingPeriod'>): string {
  const cents = toCents(p.price) ?? 0
  return formatCents(Math.round(cents / billingMonths[p.billingPeriod]))
}

export type PlanBadge =
  { label: 'Best Value'; saving: 'Save 15%' | 'Save 10%' } | { label: 'Popular' }

/** Best Value for annual plans (by name or period), Popular for Plus and Pro plans. */
export function planBadge(p: Pick<Plan, 'name' | 'billingPeriod'>): PlanBadge | null {
  const name = p.name.toLowerCase()
  if (name.includes('annual') || p.billingPeriod === 'annual') {
    return { label: 'Best Value', saving: p.billingPeriod === 'annual' ? 'Save 15%' : 'Save 10%' }
  }
  if (name.includes('plus') || name.includes('pro')) return { label: 'Popular' }
  return null
}

/**
 * Margin in percent, two decimals: (price − cost of goods) / price × 100, where the cost of
 * goods is the monthly cost times the months billed. 0 when the price is not positive.
 */
export function profitMargin(
  priceCents: number,
  costPerMonthCents: number,
  period: BillingPeriod,
): string {
  if (priceCents <= 0) return '0.00'
  const costCents = costPerMonthCents * billingMonths[period]
  return (((priceCents - costCents) / priceCents) * 100).toFixed(2)
}

/** Public order: sortOrder, then price. */
export function comparePlans(
  a: Pick<Plan, 'sortOrder' | 'price'>,
  b: Pick<Plan, 'sortOrder' | 'price'>,
) {
  return a.sortOrder - b.sortOrder || (toCents(a.price) ?? 0) - (toCents(b.price) ?? 0)
}
