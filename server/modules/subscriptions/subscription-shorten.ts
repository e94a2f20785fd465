import { eq } from 'drizzle-orm'
import { renewalEnd, renewalStart } from '../../../common/subscription-renewals'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { changePersonLine } from '../m3u/line-changes'
import type { PaymentRow } from './present-payment'

/**
 * The time a settled payment added to its subscription, in milliseconds: its new end less where
 * it started. A renewal started where the renewal rule says (renewalStart: its previous end,
 * when that was still ahead of the payment); a conversion, or one whose end the rule does not
 * give, started when it was paid.
 */
export function timeAdded(
  payment: Pick<PaymentRow, 'months' | 'paidAt' | 'previousEnd' | 'newEnd'>,
) {
  const { months, paidAt, previousEnd, newEnd } = payment
  if (!paidAt || !newEnd) return 0
  const isRenewal = renewalEnd(previousEnd, months, paidAt).getTime() === newEnd.getTime()
  const start = isRenewal ? renewalStart(previousEnd, paidAt) : paidAt
  return Math.max(0, newEnd.getTime() - start.getTime())
}

/** Why this payment's subscription cannot be shortened, or null when it can. */
export async function whyNotShortened(tx: Db, payment: PaymentRow): Promise<string | null> {
  if (!payment.trialRequestId) return 'the person it paid for has been deleted'
  if (!payment.newEnd) return 'it extended no subscription'
  const [person] = await tx
    .select({ paidPlan: trialRequests.paidPlan })
    .from(trialRequests)
    .where(eq(trialRequests.id, payment.trialRequestId))
  return person?.paidPlan ? null : 'the person has no paid subscription now'
}

/**
 * Moves the subscription's end back by the refunded share of the time its payment added
 * (refunded / amount × that time, exact to the millisecond, so refunding a payment in parts
 * takes back the same time as refunding it whole), never before `now`: a subscription refunded
 * past today ends now, and the expiry job ends its line. Records the line's new desired state in
 * the caller's transaction; the caller pushes `lineId` after the commit. The caller has checked
 * `whyNotShortened` first.
 */
export async function shortenSubscription(
  tx: Db,
  payment: PaymentRow,
  refundedMinor: number,
  now: Date,
): Promise<{ newEnd: Date; lineId: string | null }> {
  const personId = payment.trialRequestId!
  const [person] = await tx
    .select({ end: trialRequests.subscriptionEndDate })
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
    .for('update')
  const share = payment.amountMinor > 0 ? refundedMinor / payment.amountMinor : 0
  const back = Math.round(timeAdded(payment) * share)
  const end = person!.end ?? now
  const newEnd = new Date(Math.max(now.getTime(), end.getTime() - back))
  await tx
    .update(trialRequests)
    .set({ subscriptionEndDate: newEnd, updatedAt: now })
    .where(eq(trialRequests.id, personId))
  const lineId = await changePersonLine(tx, personId, { expiresAt: newEnd }, now)
  return { newEnd, lineId }
}
