import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import type { TrialRequest, convertToSubscriptionInput } from '../../../common/trial-requests'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, notFound } from '../../lib/http-error'
import type { LineChanges } from '../m3u/line-changes'
import { queueRenewalConfirmation } from '../messages/outbox.service'
import { presentTrialRequest } from '../trial-requests/trial-requests.service'

/** Calendar months in UTC (the rule the browser shows too): 31 January + 1 month is the end of February. */
export const subscriptionEnd = addCalendarMonths

/**
 * What the person's line becomes with a paid subscription: no trial, switched back on, ending
 * with it, on the plan's screens.
 */
export function paidLine(
  person: TrialRequest,
  { subscriptionMonths, maxConnections }: { subscriptionMonths: number; maxConnections: number },
): LineChanges {
  return {
    isTrial: false,
    isEnabled: true,
    expiresAt: new Date(person.subscriptionEndDate!),
    subscriptionType: subscriptionMonths,
    maxConnections,
  }
}

/** Converts a trial to a paid subscription starting now; its revenue counts from this month. */
export async function convertToSubscription(
  db: Db,
  id: string,
  { paidPlan, subscriptionMonths, subscriptionPrice }: z.output<typeof convertToSubscriptionInput>,
  now: Date,
): Promise<TrialRequest> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: trialRequests.subscriptionStatus })
      .from(trialRequests)
      .where(eq(trialRequests.id, id))
      .for('update')
    if (!current) throw notFound('Trial request not found')
    if (current.status === 'active') throw conflict('This subscription is already active')
    const [row] = await tx
      .update(trialRequests)
      .set({
        subscriptionStatus: 'active',
        paidPlan,
        subscriptionPrice,
        subscriptionStartDate: now,
        subscriptionEndDate: subscriptionEnd(now, subscriptionMonths),
        updatedAt: now,
      })
      .where(eq(trialRequests.id, id))
      .returning()
    // The customer hears that the trial became paid, and until when.
    await queueRenewalConfirmation(tx, row!, row!.subscriptionEndDate!, now, 'subscription_started')
    return presentTrialRequest(row!)
  })
}

/** Deletes the subscription: back to a trial, and its revenue is gone with it. */
export async function deleteSubscription(db: Db, id: string, now: Date): Promise<TrialRequest> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ paidPlan: trialRequests.paidPlan })
      .from(trialRequests)
      .where(eq(trialRequests.id, id))
      .for('update')
    if (!current) throw notFound('Trial request not found')
    if (current.paidPlan === null) throw conflict('This request has no subscription to delete')
    const [row] = await tx
      .update(trialRequests)
      .set({
        subscriptionStatus: 'trial',
        paidPlan: null,
        subscriptionPrice: null,
        subscriptionStartDate: null,
        subscriptionEndDate: null,
        updatedAt: now,
      })
      .where(eq(trialRequests.id, id))
      .returning()
    return presentTrialRequest(row!)
  })
}
