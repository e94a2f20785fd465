import { toCents } from '@common/money'
import type { planFamilies } from '@common/revenue'
import { dateFormat } from '@/lib/date-format'

export type PlanFamily = (typeof planFamilies)[number]

/** One colour per plan family, mid-tones readable on the light and the dark theme. */
export const familyColors: Record<PlanFamily, string> = {
  Starter: 'oklch(0.6 0.2 293)',
  Family: 'oklch(0.64 0.14 232)',
  Household: 'oklch(0.66 0.15 162)',
}

const monthFormat = dateFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "2026-03" as "Mar 2026". */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number)
  if (!year || !monthNumber) return month
  return monthFormat(new Date(Date.UTC(year, monthNumber - 1, 1)))
}

/** "Mar 2026", marked "(so far)" when it is the month in progress: its figures still move. */
export function monthLabel(month: string, currentMonth: string | undefined): string {
  return month === currentMonth ? `${formatMonth(month)} (so far)` : formatMonth(month)
}

/** Whole cents of a money string from the API; 0 for anything unreadable. */
export function centsOf(amount: string): number {
  return toCents(amount) ?? 0
}
