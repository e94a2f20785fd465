import { z } from 'zod'

/** Revenue is grouped by the family a paid plan's name belongs to (household, family, else starter). */
export const planFamilies = ['Starter', 'Family', 'Household'] as const

const money = z.string()
export const monthlyRevenue = z.object({
  month: z.string(),
  starter: money,
  family: money,
  household: money,
  total: money,
  /** Against the previous month, in percent with one decimal; null when that month earned nothing. */
  growth: z.string().nullable(),
})
export type MonthlyRevenue = z.infer<typeof monthlyRevenue>

export const revenueAnalytics = z.object({
  totalRevenue: money,
  totalActiveSubscriptions: z.number(),
  revenueByPlan: z.object({ Starter: money, Family: money, Household: money }),
  monthlyRevenue: z.array(monthlyRevenue),
})
export type RevenueAnalytics = z.infer<typeof revenueAnalytics>

/** Percent change from `previous` to `current` cents, one decimal; null without a previous. */
export function growthPercent(currentCents: number, previousCents: number): string | null {
  if (previousCents <= 0) return null
  return (((currentCents - previousCents) / previousCents) * 100).toFixed(1)
}

/** A family's share of the total, in percent with one decimal. */
export function sharePercent(partCents: number, totalCents: number): string {
  return totalCents > 0 ? ((partCents / totalCents) * 100).toFixed(1) : '0.0'
}
