import { count, eq, isNotNull, sql } from 'drizzle-orm'
import { formatCents, toCents } from '../../../common/money'
import { growthPercent, type RevenueAnalytics } from '../../../common/revenue'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'

const t = trialRequests
// A paid plan's family from its name, in SQL so the sums are done by the database.
const family = sql`case
  when lower(${t.paidPlan}) like '%household%' then 'Household'
  when lower(${t.paidPlan}) like '%family%' then 'Family'
  else 'Starter' end`
const sumFor = (name: string) =>
  sql<string>`coalesce(sum(${t.subscriptionPrice}) filter (where ${family} = ${name}), 0)::text`

const cents = (amount: string) => toCents(amount) ?? 0

/**
 * Revenue from each converted subscription's price, in the month it started (UTC), by plan
 * family. Sums are exact decimals in SQL and integer cents here; never floats.
 */
export async function revenueAnalytics(db: Db): Promise<RevenueAnalytics> {
  const month = sql<string>`to_char(date_trunc('month', ${t.subscriptionStartDate} at time zone 'UTC'), 'YYYY-MM')`
  const [months, [active]] = await Promise.all([
    db
      .select({
        month,
        starter: sumFor('Starter'),
        family: sumFor('Family'),
        household: sumFor('Household'),
      })
      .from(t)
      .where(isNotNull(t.subscriptionPrice))
      .groupBy(month)
      .orderBy(month),
    db.select({ count: count() }).from(t).where(eq(t.subscriptionStatus, 'active')),
  ])

  const byPlan = { Starter: 0, Family: 0, Household: 0 }
  let previous = 0
  const monthlyRevenue = months.map((row) => {
    const starter = cents(row.starter)
    const familyCents = cents(row.family)
    const household = cents(row.household)
    const total = starter + familyCents + household
    byPlan.Starter += starter
    byPlan.Family += familyCents
    byPlan.Household += household
    const growth = growthPercent(total, previous)
    previous = total
    return {
      month: row.month,
      starter: formatCents(starter),
      family: formatCents(familyCents),
      household: formatCents(household),
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
