import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { changePersonLine } from '../m3u/line-changes'

const dayMs = 24 * 60 * 60 * 1000

export type Compensated =
  | {
      outcome: 'extended'
      newEnd: Date
      lineId: string | null
      isReplay: boolean
      person: { email: string; paidPlan: string | null }
    }
  /** Nothing done: the person is gone, the subscription was reverted, or it has ended since. */
  | { outcome: 'skipped'; reason: string }

type Compensation = { id: string; days: number; createdBy: string }

/**
 * Gives a paid subscription `days` more, in the caller's transaction: its end moves by the days,
 * the line's desired expiry with it (pushed after the commit), and a renewal of no months and no
 * money records it in revenue. One renewal per compensation and subscription: a second call for
 * the same pair answers the first's end and changes nothing.
 */
export async function compensateSubscription(
  tx: Db,
  personId: string,
  { id, days, createdBy }: Compensation,
  now: Date,
): Promise<Compensated> {
  const [person] = await tx
    .select()
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
    .for('update')
  if (!person) return { outcome: 'skipped', reason: 'The person was deleted.' }
  const [earlier] = await tx
    .select({ newEnd: subscriptionRenewals.newEnd })
    .from(subscriptionRenewals)
    .where(
      and(
        eq(subscriptionRenewals.compensationId, id),
        eq(subscriptionRenewals.trialRequestId, personId),
      ),
    )
  if (earlier) {
    const [line] = await tx
      .select({ id: m3uLines.id })
      .from(m3uLines)
      .where(eq(m3uLines.trialRequestId, personId))
    const lineId = line?.id ?? null
    return { outcome: 'extended', newEnd: earlier.newEnd, lineId, isReplay: true, person }
  }
  const currentEnd = person.subscriptionEndDate
  if (!person.paidPlan || !currentEnd) {
    return { outcome: 'skipped', reason: 'No paid subscription any more.' }
  }
  if (person.subscriptionStatus !== 'active' || currentEnd <= now) {
    return { outcome: 'skipped', reason: 'The subscription has ended since.' }
  }
  const newEnd = new Date(currentEnd.getTime() + days * dayMs)
  await tx.insert(subscriptionRenewals).values({
    trialRequestId: personId,
    paidPlan: person.paidPlan,
    months: 0,
    days,
    price: '0',
    paidAt: now,
    previousEnd: currentEnd,
    newEnd,
    compensationId: id,
    createdBy,
    createdAt: now,
  })
  await tx
    .update(trialRequests)
    .set({ subscriptionEndDate: newEnd, updatedAt: now })
    .where(eq(trialRequests.id, personId))
  const lineId = await changePersonLine(tx, personId, { expiresAt: newEnd }, now)
  return { outcome: 'extended', newEnd, lineId, isReplay: false, person }
}
