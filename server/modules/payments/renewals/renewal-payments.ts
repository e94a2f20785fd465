import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { payments } from '../../../db/schema/payments'
import { renewalAttempts } from '../../../db/schema/renewal-attempts'

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

/**
 * Whether the person's open renewal has an attempt Stripe may be answering right now (pending:
 * asked, its answer not recorded yet). Stopping then could not stop the charge, only the period
 * the customer would have paid for. The renewal's row is locked first, as the round locks it to
 * take an attempt: one taken meanwhile is seen here, and one not taken yet finds it closed.
 */
export async function isRenewalBeingCharged(tx: Db, personId: string): Promise<boolean> {
  const open = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(openRenewalOf(personId))
    .for('update')
  if (!open.length) return false
  const [pending] = await tx
    .select({ number: renewalAttempts.number })
    .from(renewalAttempts)
    .where(
      and(
        inArray(
          renewalAttempts.paymentId,
          open.map(({ id }) => id),
        ),
        eq(renewalAttempts.outcome, 'pending'),
      ),
    )
    .limit(1)
  return pending !== undefined
}
