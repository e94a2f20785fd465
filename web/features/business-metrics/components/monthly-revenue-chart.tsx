import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { planFamilies, type MonthlyRevenue } from '@common/revenue'
import { formatMoney } from '@/lib/format'
import { centsOf, familyColors, monthLabel, type PlanFamily } from '../revenue-format'

const familyKeys = { Starter: 'starter', Family: 'family', Household: 'household' } as const

const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 }

// Bars need numbers; these are drawn, never added up or shown as amounts themselves.
const toUnits = (amount: string) => centsOf(amount) / 100

/**
 * Revenue per month stacked by plan family. Loaded on its own (recharts is large) when
 * Financials opens; the monthly table beside it holds the same figures as text. `currentMonth`
 * (UTC, as the months are) is marked "so far".
 */
export function MonthlyRevenueChart({
  months,
  currentMonth,
}: {
  months: MonthlyRevenue[]
  currentMonth: string
}) {
  const data = months.map((month) => ({
    month: monthLabel(month.month, currentMonth),
    starter: toUnits(month.starter),
    family: toUnits(month.family),
    household: toUnits(month.household),
  }))
  return (
    <BarChart
      responsive
      data={data}
      style={{ width: '100%', height: '18rem' }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      desc="Monthly revenue stacked by plan family: Starter, Family and Household."
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis dataKey="month" tick={axisTick} tickLine={false} axisLine={false} />
      <YAxis
        tick={axisTick}
        tickLine={false}
        axisLine={false}
        width={64}
        tickFormatter={(value: number) => formatMoney(value.toFixed(0)).replace(/\.00$/, '')}
      />
      <Tooltip
        cursor={{ fill: 'var(--muted)' }}
        formatter={(value) => formatMoney(Number(value).toFixed(2))}
        itemSorter={(item) => planFamilies.indexOf(item.name as PlanFamily)}
        contentStyle={{
          background: 'var(--popover)',
          border: '1px solid var(--border)',
          borderRadius: '0.5rem',
          color: 'var(--popover-foreground)',
        }}
        labelStyle={{ color: 'var(--popover-foreground)', fontWeight: 600 }}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      {planFamilies.map((family) => (
        <Bar
          key={family}
          dataKey={familyKeys[family]}
          name={family}
          stackId="revenue"
          fill={familyColors[family]}
          maxBarSize={56}
        />
      ))}
    </BarChart>
  )
}
