import type { Db } from '../db/client'
import { payments } from '../db/schema/payments'

/** Writes a payment straight to the table (no provider, no settling), with overridable fields. */
export async function insertPayment(db: Db, fields: Partial<typeof payments.$inferInsert> = {}) {
  const [row] = await db
    .insert(payments)
    .values({
      planName: 'Premium',
      months: 1,
      amountMinor: 2999,
      listAmountMinor: 2999,
      currency: 'USD',
      provider: 'manual',
      method: 'cash',
      status: 'paid',
      ...fields,
    })
    .returning()
  return row!
}
