import { and, between, eq, isNotNull, sql } from 'drizzle-orm'
import { cardLabel, renewalChargeLeadHours } from '../../../common/renewals'
import type { Db } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { messageReminders } from '../../db/schema/message-reminders'
import { stripeCustomers } from '../../db/schema/stripe-customers'
import { trialRequests } from '../../db/schema/trial-requests'
import { queueMessage } from './outbox.service'

const hourMs = 3_600_000
const leadMs = renewalChargeLeadHours * hourMs
/** The e-mail goes a week before the charge. */
const noticeMinutes = 7 * 24 * 60
const kind = 'card_expiring'

/** A card works through the last day of its expiry month (UTC). */
const expiresBefore = (card: { month: number; year: number }, moment: Date) =>
  Date.UTC(card.year, card.month, 1) <= moment.getTime()

/**
 * The card-expiry pass (the jobs schedule and Expire now): to each person renewing
 * automatically whose saved card expires before the next charge (a day before the end), one
 * e-mail a week before that charge asking for a new card. The key (person, kind, offset, end)
 * is taken in the message's transaction, so a second run or process queues nothing. Answers how
 * many it queued.
 */
export async function queueCardExpiryNotices(db: Db, now: Date): Promise<number> {
  const rows = await db
    .select({
      id: trialRequests.id,
      email: trialRequests.email,
      end: trialRequests.subscriptionEndDate,
      brand: stripeCustomers.cardBrand,
      last4: stripeCustomers.cardLast4,
      month: stripeCustomers.cardExpMonth,
      year: stripeCustomers.cardExpYear,
    })
    .from(autoRenewals)
    .innerJoin(trialRequests, eq(trialRequests.id, autoRenewals.trialRequestId))
    .innerJoin(stripeCustomers, eq(stripeCustomers.trialRequestId, autoRenewals.trialRequestId))
    .where(
      and(
        eq(autoRenewals.autoRenew, true),
        eq(autoRenewals.status, 'active'),
        eq(trialRequests.subscriptionStatus, 'active'),
        isNotNull(stripeCustomers.paymentMethodId),
        // The charge (a day before the end) is within the coming week and still ahead.
        between(
          trialRequests.subscriptionEndDate,
          new Date(now.getTime() + leadMs),
          new Date(now.getTime() + leadMs + noticeMinutes * 60_000),
        ),
      ),
    )
  let queued = 0
  for (const row of rows) {
    const chargeAt = new Date(row.end!.getTime() - leadMs)
    if (!expiresBefore({ month: row.month!, year: row.year! }, chargeAt)) continue
    const isQueued = await db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(messageReminders)
        .values({
          trialRequestId: row.id,
          kind,
          offsetMinutes: noticeMinutes,
          periodEnd: row.end!,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ kind: messageReminders.kind })
      if (!taken) return false
      const messageId = await queueMessage(
        tx,
        {
          kind,
          recipient: row.email,
          trialRequestId: row.id,
          variables: {
            cardLabel: cardLabel({ brand: row.brand!, last4: row.last4! }),
            endAt: chargeAt.toISOString(),
          },
        },
        now,
      )
      await tx
        .update(messageReminders)
        .set({ outboxMessageId: messageId })
        .where(
          and(
            eq(messageReminders.trialRequestId, row.id),
            eq(messageReminders.kind, kind),
            sql`${messageReminders.periodEnd} = ${row.end!.toISOString()}::timestamptz`,
          ),
        )
      return true
    })
    if (isQueued) queued += 1
  }
  return queued
}
