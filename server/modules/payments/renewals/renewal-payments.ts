import { and, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { payments } from '../../../db/schema/payments'

const openRenewalOf = (personId: string) =>
  and(
    eq(payments.trialRequestId, personId),
    eq(payments.kind, 'renewal'),
    // A renewal's own period: not one paid at a checkout (decision 0063).
    isNotNull(payments.renewsPeriodEnd),
    eq(payments.status, 'pending'),
  )

/**
 * Renewal turned off: the person's open renewal (declined, waiting for a retry or a new card) is
 * closed as failed, so the round never tries it again. A charge already answered stays answered.
 */
export async function stopRenewalCharges(tx: Db, personId: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'failed',
      statusReason: 'Automatic renewal was turned off before it was paid',
      retryAt: null,
      updatedAt: now,
    })
    .where(openRenewalOf(personId))
}

/**
 * A new card: the person's open renewal is tried again at the renewal round's next pass (it tries
 * any pending renewal whose `retry_at` has passed). Answers whether there was one.
 */
export async function makeRenewalDueNow(tx: Db, personId: string, now: Date): Promise<boolean> {
  const moved = await tx
    .update(payments)
    .set({ retryAt: now, updatedAt: now })
    .where(openRenewalOf(personId))
    .returning({ id: payments.id })
  return moved.length > 0
}
