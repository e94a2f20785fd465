import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts'
import type { SubscriptionMetricsMonth } from '@common/business-metrics'
import { formatMoneyIn } from '@/lib/format'
import { centsOf, monthLabel } from '../revenue-format'

const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 }

// Bars need numbers; these are drawn, never added up or shown as amounts themselves.
const toUnits = (amount: string) => centsOf(amount) / 100

/** Gains stack up from zero, losses (negative amounts from the API) down; mid-tones for both themes. */
const movements = [
  { key: 'newMrr', name: 'New', color: 'oklch(0.66 0.15 162)' },
  { key: 'expansionMrr', name: 'Expansion', color: 'oklch(0.64 0.14 232)' },
  { key: 'reactivationMrr', name: 'Reactivation', color: 'oklch(0.6 0.2 293)' },
  { key: 'contractionMrr', name: 'Contraction', color: 'oklch(0.75 0.15 70)' },
  { key: 'churnedMrr', name: 'Churn', color: 'oklch(0.62 0.2 25)' },
] as const

/**
 * MRR movements per month, stacked, with net new MRR as a line. Loaded on its own (recharts is
 * large); the table below holds the same figures as text. `currentMonth` is marked "so far".
 */
export function MrrMovementsChart({
  months,
  currency,
  currentMonth,
}: {
  months: SubscriptionMetricsMonth[]
  currency: string
  currentMonth: string
}) {
  const data = months.map((month) => ({
    month: monthLabel(month.month, currentMonth),
    netNewMrr: toUnits(month.netNewMrr),
    ...Object.fromEntries(movements.map(({ key }) => [key, toUnits(month[key])])),
  }))
  return (
    <ComposedChart
      responsive
      data={data}
      stackOffset="sign"
      style={{ width: '100%', height: '18rem' }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      desc="MRR movements per month: new, expansion and reactivation above zero, contraction and churn below, net new MRR as a line."
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis dataKey="month" tick={axisTick} tickLine={false} axisLine={false} />
      <YAxis
        tick={axisTick}
        tickLine={false}
        axisLine={false}
        width={64}
        tickFormatter={(value: number) =>
          formatMoneyIn(value.toFixed(0), currency).replace('.00', '')
        }
      />
      <Tooltip
        cursor={{ fill: 'var(--muted)' }}
        formatter={(value) => formatMoneyIn(Number(value).toFixed(2), currency)}
        contentStyle={{
          background: 'var(--popover)',
          border: '1px solid var(--border)',
          borderRadius: '0.5rem',
          color: 'var(--popover-foreground)',
        }}
        labelStyle={{ color: 'var(--popover-foreground)', fontWeight: 600 }}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {movements.map(({ key, name, color }) => (
        <Bar key={key} dataKey={key} name={name} stackId="movements" fill={color} maxBarSize={48} />
      ))}
      <Line
        dataKey="netNewMrr"
        name="Net new MRR"
        type="monotone"
        stroke="var(--foreground)"
        strokeWidth={2}
        dot={{ r: 3, fill: 'var(--foreground)' }}
      />
    </ComposedChart>
  )
}
