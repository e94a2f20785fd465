import { payments } from '../db/schema/payments'
import type { Db } from '../db/client'

/** A payment waiting for its provider, written straight to the database (as a checkout leaves it). */
export async function insertPendingPayment(
  db: Db,
  fields: Partial<typeof payments.$inferInsert> & { trialRequestId: string },
) {
  const [row] = await db
    .insert(payments)
    .values({
      planName: 'Family Plus',
      months: 3,
      amountMinor: 2997,
      listAmountMinor: 2997,
      currency: 'EUR',
      provider: 'stripe',
      ...fields,
    })
    .returning()
  return row!
}
