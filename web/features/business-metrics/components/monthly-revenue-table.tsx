import type { MonthlyRevenue } from '@common/revenue'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { formatMoney } from '@/lib/format'
import { cn } from '@/lib/utils'
import { monthLabel } from '../revenue-format'

/** "+12.5%", "-3.0%", or a dash when the month before earned nothing. */
function Growth({ growth }: { growth: string | null }) {
  if (growth === null) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden>—</span>
        <span className="sr-only">No previous month to compare</span>
      </span>
    )
  }
  const isDown = growth.startsWith('-')
  const isFlat = Number(growth) === 0
  return (
    <span className={cn(!isFlat && (isDown ? 'text-destructive' : 'text-success'))}>
      {isDown || isFlat ? growth : `+${growth}`}%
    </span>
  )
}

/**
 * Month by month, newest first: each family, the total and its growth on the month before;
 * `currentMonth` (UTC, as the months are) is marked "so far".
 */
export function MonthlyRevenueTable({
  months,
  currentMonth,
}: {
  months: MonthlyRevenue[]
  currentMonth: string
}) {
  return (
    <Table isCardsOnPhone>
      <TableCaption className="sr-only">Monthly revenue</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Month</TableHead>
          <TableHead className="text-right">Starter</TableHead>
          <TableHead className="text-right">Family</TableHead>
          <TableHead className="text-right">Household</TableHead>
          <TableHead className="text-right">Total</TableHead>
          <TableHead className="text-right">Growth %</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {months.toReversed().map((month) => (
          <TableRow key={month.month}>
            <TableCell className="font-medium">{monthLabel(month.month, currentMonth)}</TableCell>
            <TableCell data-label="Starter" className="text-right tabular-nums">
              {formatMoney(month.starter)}
            </TableCell>
            <TableCell data-label="Family" className="text-right tabular-nums">
              {formatMoney(month.family)}
            </TableCell>
            <TableCell data-label="Household" className="text-right tabular-nums">
              {formatMoney(month.household)}
            </TableCell>
            <TableCell data-label="Total" className="text-right font-semibold tabular-nums">
              {formatMoney(month.total)}
            </TableCell>
            <TableCell data-label="Growth %" className="text-right tabular-nums">
              <Growth growth={month.growth} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
