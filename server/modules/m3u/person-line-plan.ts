import { utc } from '@date-fns/utc'
import { differenceInCalendarMonths } from 'date-fns'
import type { trialRequests } from '../../db/schema/trial-requests'
import { conflict } from '../../lib/http-error'

const hour = 60 * 60 * 1000
const trialLineType = 99

/** What the plan reads of a person's row. */
type Entitlement = Pick<
  typeof trialRequests.$inferSelect,
  'subscriptionStatus' | 'subscriptionEndDate' | 'createdAt' | 'paidPlan'
>

/** What a person's new line should be: a trial line for a trial, a paid one to the subscription's end. */
export type LinePlan = { isTrial: boolean; expiresAt: Date; subscriptionType: number }

/**
 * The line a person is entitled to now; 409 when they are entitled to none (an ended trial or
 * subscription must be converted or extended first).
 */
export function linePlanFor(person: Entitlement, trialDurationHours: number, now: Date): LinePlan {
  if (person.subscriptionStatus === 'active' && person.subscriptionEndDate) {
    const end = person.subscriptionEndDate
    // The months bought, for lists that show a line's term; 98 at most (99 marks a trial line).
    // Counted in UTC, as they were added (addCalendarMonths), whatever the host's zone.
    const months = Math.min(98, Math.max(1, differenceInCalendarMonths(end, now, { in: utc })))
    return { isTrial: false, expiresAt: end, subscriptionType: months }
  }
  const trialEnd = new Date(person.createdAt.getTime() + trialDurationHours * hour)
  if (person.subscriptionStatus === 'trial' && trialEnd > now) {
    return { isTrial: true, expiresAt: trialEnd, subscriptionType: trialLineType }
  }
  throw conflict(
    person.paidPlan
      ? 'This subscription has ended: extend it before making a line.'
      : 'This trial has ended: convert it to a subscription before making a line.',
  )
}
