import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { releaseRedemption } from '../discounts/discount-redemption-status.service'

export type ClosedStatus = 'expired' | 'failed'

type Closing = { status: ClosedStatus; reason: string | null; now: Date }

/** closePayment inside the caller's transaction. */
export async function closeWithin(
  tx: Db,
  paymentId: string,
  { status, reason, now }: Closing,
): Promise<boolean> {
  const moved = await tx
    .update(payments)
    .set({ status, statusReason: reason, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id })
  if (moved.length === 0) return false
  await releaseRedemption(tx, paymentId, now)
  return true
}

/**
 * A checkout that will never take the money (expired, failed, never opened, replaced): only a
 * pending payment moves, since events come out of order and a paid one stays paid, and the use
 * of a discount code it held is freed in the same transaction. Answers whether it moved.
 */
export function closePayment(db: Db, paymentId: string, closing: Closing): Promise<boolean> {
  return db.transaction((tx) => closeWithin(tx, paymentId, closing))
}
