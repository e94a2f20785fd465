import { asc, eq, sql } from 'drizzle-orm'
import { formatCents, toCents } from '../../../common/money'
import { growthPercent, type RevenueAnalytics } from '../../../common/revenue'
import type { Db } from '../../db/client'
import { revenueMonths } from '../../db/schema/revenue-months'
import { subscriptionStatusCounts } from '../../db/schema/subscription-status-counts'

type Family = 'Starter' | 'Family' | 'Household'

/**
 * Revenue from each converted subscription's price, in the month it started (UTC), by plan
 * family. The sums come from revenue_months (kept by triggers), exact decimals turned into
 * integer cents here; never floats.
 */
export async function revenueAnalytics(db: Db): Promise<RevenueAnalytics> {
  const month = sql<string>`to_char(${revenueMonths.month} at time zone 'UTC', 'YYYY-MM')`
  const [rows, [active]] = await Promise.all([
    db
      .select({ month, family: revenueMonths.family, amount: revenueMonths.amount })
      .from(revenueMonths)
      .orderBy(asc(revenueMonths.month)),
    db
      .select({ count: subscriptionStatusCounts.count })
      .from(subscriptionStatusCounts)
      .where(eq(subscriptionStatusCounts.status, 'active')),
  ])

  const months = new Map<string, Record<Family, number>>()
  const byPlan: Record<Family, number> = { Starter: 0, Family: 0, Household: 0 }
  for (const row of rows) {
    const cents = toCents(row.amount) ?? 0
    const family = row.family as Family
    const sums = months.get(row.month) ?? { Starter: 0, Family: 0, Household: 0 }
    sums[family] += cents
    months.set(row.month, sums)
    byPlan[family] += cents
  }

  let previous = 0
  const monthlyRevenue = [...months].map(([name, sums]) => {
    const total = sums.Starter + sums.Family + sums.Household
    const growth = growthPercent(total, previous)
    previous = total
    return {
      month: name,
      starter: formatCents(sums.Starter),
      family: formatCents(sums.Family),
      household: formatCents(sums.Household),
      total: formatCents(total),
      growth,
    }
  })

  return {
    totalRevenue: formatCents(byPlan.Starter + byPlan.Family + byPlan.Household),
    totalActiveSubscriptions: active?.count ?? 0,
    revenueByPlan: {
      Starter: formatCents(byPlan.Starter),
      Family: formatCents(byPlan.Family),
      Household: formatCents(byPlan.Household),
    },
    monthlyRevenue,
  }
}
