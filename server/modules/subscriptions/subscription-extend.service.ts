import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { renewalEnd, type extendSubscriptionInput } from '../../../common/subscription-renewals'
import type { TrialRequest } from '../../../common/trial-requests'
import type { Db } from '../../db/client'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, notFound } from '../../lib/http-error'
import { queueRenewalConfirmation } from '../messages/outbox.service'
import { presentTrialRequest } from '../trial-requests/trial-requests.service'

export type ExtendOutcome = { person: TrialRequest; newEnd: Date; isReplay: boolean }

/**
 * Extends a paid subscription by calendar months: from its end while that is in the future,
 * else from now (an ended subscription is active again). The price is a renewal, revenue in the
 * month it was paid. A retried submission (same requestId) extends nothing more. `paidPlan`: the
 * plan paid for, when it is another, which the subscription moves onto (decision 0053); `graceDays`:
 * an automatic renewal's grace after the end, within which it still runs from the end;
 * `restartAt`: a new period starts then instead, whatever the end was (decision 0061).
 */
export async function extendSubscription(
  tx: Db,
  id: string,
  { months, price, requestId }: z.output<typeof extendSubscriptionInput>,
  now: Date,
  createdBy: string,
  {
    paidPlan: paidFor,
    startsAtEnd = false,
    graceDays = 0,
    restartAt = null,
  }: {
    /** The plan paid for, when it may differ from the person's. */
    paidPlan?: string
    /** Another plan starts when the running period ends, not now (staff's payments). */
    startsAtEnd?: boolean
    /** Days after the end within which a renewal still runs on from it (renewalStart). */
    graceDays?: number
    /** A plan change taking effect at once: its new period starts then (decision 0061). */
    restartAt?: Date | null
  } = {},
): Promise<ExtendOutcome> {
  const [person] = await tx
    .select()
    .from(trialRequests)
    .where(eq(trialRequests.id, id))
    .for('update')
  if (!person) throw notFound('Trial request not found')
  if (requestId) {
    const [earlier] = await tx
      .select({
        personId: subscriptionRenewals.trialRequestId,
        newEnd: subscriptionRenewals.newEnd,
      })
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.requestId, requestId))
    if (earlier?.personId === id) {
      return { person: presentTrialRequest(person), newEnd: earlier.newEnd, isReplay: true }
    }
    if (earlier) throw conflict('requestId belongs to another extension')
  }
  if (!person.paidPlan) {
    throw conflict('Only a paid subscription can be extended: convert the trial first.')
  }
  const currentEnd = person.subscriptionEndDate
  // A plan change taking effect at once starts a new period then, the old one's rest credited.
  const newEnd = restartAt
    ? renewalEnd(null, months, restartAt)
    : renewalEnd(currentEnd, months, now, graceDays)
  const planState = planChangeOf(person, paidFor, startsAtEnd, now)
  await tx.insert(subscriptionRenewals).values({
    trialRequestId: id,
    paidPlan: paidFor ?? person.paidPlan,
    months,
    price,
    paidAt: now,
    previousEnd: currentEnd,
    newEnd,
    requestId: requestId ?? null,
    createdBy,
    createdAt: now,
  })
  const [row] = await tx
    .update(trialRequests)
    .set({
      subscriptionStatus: 'active',
      subscriptionEndDate: newEnd,
      paidPlan: planState.paidPlan,
      scheduledPaidPlan: planState.scheduledPaidPlan,
      scheduledPlanFrom: planState.scheduledPlanFrom,
      updatedAt: now,
    })
    .where(eq(trialRequests.id, id))
    .returning()
  await queueRenewalConfirmation(tx, row!, newEnd, now)
  return { person: presentTrialRequest(row!), newEnd, isReplay: false }
}

type Person = typeof trialRequests.$inferSelect

/**
 * What a renewal paid for `paidFor` does to the person's plan. Staff's payment for another plan
 * while a period runs schedules it from that period's end (kept if it was scheduled already);
 * otherwise a payment for another plan moves the person onto it now (decision 0053) and drops a
 * schedule, the latest payment deciding.
 */
function planChangeOf(
  person: Person,
  paidFor: string | undefined,
  startsAtEnd: boolean,
  now: Date,
) {
  const { paidPlan, scheduledPaidPlan, scheduledPlanFrom, subscriptionEndDate: end } = person
  if (!paidFor || paidFor === paidPlan) return { paidPlan, scheduledPaidPlan, scheduledPlanFrom }
  if (startsAtEnd && end && end > now) {
    const from = scheduledPaidPlan === paidFor ? scheduledPlanFrom : end
    return { paidPlan, scheduledPaidPlan: paidFor, scheduledPlanFrom: from }
  }
  return { paidPlan: paidFor, scheduledPaidPlan: null, scheduledPlanFrom: null }
}

/** A reverted subscription takes its renewals (and so their revenue) with it. */
export async function takeBackRenewals(tx: Db, id: string): Promise<void> {
  await tx.delete(subscriptionRenewals).where(eq(subscriptionRenewals.trialRequestId, id))
}
