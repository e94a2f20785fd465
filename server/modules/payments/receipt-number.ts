import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { receiptNumbers } from '../../db/schema/receipt-numbers'

/**
 * The next receipt number, taken inside the settling transaction: the counter's row stays locked
 * until it commits, and a rollback gives the number back, so receipts run 1, 2, 3 without gaps
 * (a sequence would skip a number on every rollback). The first receipt makes the row.
 */
export async function nextReceiptNumber(tx: Db): Promise<number> {
  const [row] = await tx
    .insert(receiptNumbers)
    .values({ id: 1, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptNumbers.id,
      set: { lastNumber: sql`${receiptNumbers.lastNumber} + 1` },
    })
    .returning({ number: receiptNumbers.lastNumber })
  return row!.number
}
