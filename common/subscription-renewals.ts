import { z } from 'zod'
import { formatCents, toCents } from './money'
import { billingMonths, type BillingPeriod } from './plan-rules'
import { convertToSubscriptionInput, trialRequest, type TrialRequest } from './trial-requests'

/** POST /api/trial-requests/{id}/subscription/extend: the conversion's own rules for months and price. */
export const extendSubscriptionInput = z.object({
  months: convertToSubscriptionInput.shape.subscriptionMonths,
  price: convertToSubscriptionInput.shape.subscriptionPrice,
  /** Generated once per submission, so a retried submit extends once. */
  requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
})
export type ExtendSubscriptionInput = z.input<typeof extendSubscriptionInput>

/** What a subscription change answers: the person, and why their line did not follow yet. */
export const subscriptionChange = trialRequest.extend({ lineProblem: z.string().optional() })
export type SubscriptionChange = z.infer<typeof subscriptionChange>

/**
 * The toast's second line when the person's line on the supplier panel did not follow a change
 * yet: the change itself stands and the line is retried.
 */
export function lineProblemOf(changed: TrialRequest): string | undefined {
  const { lineProblem } = changed as SubscriptionChange
  return lineProblem ? `The line on the panel: ${lineProblem}` : undefined
}

/** Calendar months in UTC, time of day kept: 31 January + 1 month is 28 (or 29) February. */
export function addCalendarMonths(start: Date, months: number): Date {
  const year = start.getUTCFullYear()
  const month = start.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const result = new Date(start.getTime())
  result.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay))
  return result
}

/**
 * Where a renewal's paid period starts: at the later of the current end and the payment (a
 * subscription still running runs on from its end; a lapsed one starts again when paid). An
 * automatic renewal keeps the line on for `graceDays` after the end while its card is retried:
 * paid within them, the new period still runs from the old end (the days watched are paid);
 * paid after them, from the payment. The one statement of this rule: settling, the import and a
 * refund's shortening all read it here.
 */
export function renewalStart(currentEnd: Date | null, paidAt: Date, graceDays = 0): Date {
  if (!currentEnd) return paidAt
  const graceEnd = currentEnd.getTime() + graceDays * 24 * 60 * 60 * 1000
  return currentEnd > paidAt || paidAt.getTime() <= graceEnd ? currentEnd : paidAt
}

/** A renewal's new end: its months added to where it starts (renewalStart). */
export function renewalEnd(
  currentEnd: Date | null,
  months: number,
  paidAt: Date,
  graceDays = 0,
): Date {
  return addCalendarMonths(renewalStart(currentEnd, paidAt, graceDays), months)
}

/**
 * The plan's price for a renewal of `months`: its price per billing period, spread over the
 * months chosen ("9.99" a month: "29.97" for three). Null when the price cannot be read.
 */
export function renewalPrice(
  plan: { price: string; billingPeriod: BillingPeriod },
  months: number,
): string | null {
  const cents = toCents(plan.price)
  if (cents === null || !Number.isInteger(months) || months < 1) return null
  return formatCents(Math.round((cents * months) / billingMonths[plan.billingPeriod]))
}
