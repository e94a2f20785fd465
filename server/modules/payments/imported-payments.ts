import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { insertMany } from '../../db/insert-many'

/** A payment of an imported history: paid elsewhere, with the period it made. */
export type ImportedPayment = Pick<
  typeof payments.$inferInsert,
  | 'trialRequestId'
  | 'planId'
  | 'planName'
  | 'months'
  | 'amountMinor'
  | 'currency'
  | 'method'
  | 'reference'
  | 'previousEnd'
  | 'newEnd'
  | 'periodStart'
  | 'paidAt'
  | 'createdBy'
>

/**
 * Records imported payments in one statement: paid, manual, at their full price, with no
 * receipt number (history received elsewhere is not a receipt we issued), and listed among the
 * person's payments when they were paid, not when they were imported.
 */
export async function recordImportedPayments(
  tx: Db,
  imported: ImportedPayment[],
  now: Date,
): Promise<void> {
  await insertMany(
    tx,
    payments,
    imported.map((payment) => ({
      ...payment,
      listAmountMinor: payment.amountMinor,
      provider: 'manual' as const,
      status: 'paid' as const,
      createdAt: payment.paidAt!,
      updatedAt: now,
    })),
  )
}
