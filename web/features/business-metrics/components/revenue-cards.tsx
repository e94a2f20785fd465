import { CircleDollarSign, UserCheck } from 'lucide-react'
import { planFamilies, sharePercent, type RevenueAnalytics } from '@common/revenue'
import { StatCard } from '@/components/stat-card'
import { formatMoney } from '@/lib/format'
import { centsOf, familyColors } from '../revenue-format'

/** Total revenue, active subscriptions, and each plan family's revenue with its share. */
export function RevenueCards({ analytics }: { analytics: RevenueAnalytics | undefined }) {
  const totalCents = analytics ? centsOf(analytics.totalRevenue) : 0
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <StatCard
        label="Total Revenue"
        className="col-span-2 lg:col-span-1"
        icon={<CircleDollarSign />}
        value={analytics && formatMoney(analytics.totalRevenue)}
      />
      <StatCard
        label="Active Subscriptions"
        icon={<UserCheck />}
        value={analytics && String(analytics.totalActiveSubscriptions)}
      />
      {planFamilies.map((family) => {
        const amount = analytics?.revenueByPlan[family]
        return (
          <StatCard
            key={family}
            label={`${family} revenue`}
            // The family's chart colour: the cards double as the chart's legend.
            icon={
              <span
                className="block size-3 rounded-full"
                style={{ backgroundColor: familyColors[family] }}
              />
            }
            value={amount && formatMoney(amount)}
            hint={amount && `${sharePercent(centsOf(amount), totalCents)}% of total`}
          />
        )
      })}
    </dl>
  )
}
