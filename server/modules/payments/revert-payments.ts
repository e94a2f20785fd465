import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'

/**
 * A reverted subscription's payments leave revenue with it: a later refund of one of them
 * lowers revenue no second time.
 */
export async function revertPaymentsOf(tx: Db, personId: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ revertedAt: now })
    .where(
      and(
        eq(payments.trialRequestId, personId),
        isNotNull(payments.paidAt),
        isNull(payments.revertedAt),
      ),
    )
}
