import { and, desc, type SQL } from 'drizzle-orm'
import type { Readable } from 'node:stream'
import type { Payment } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { csvCell, csvStream } from '../../lib/csv-export'
import { olderThan } from '../../lib/keyset'
import { presentPayment, selectPaymentRows } from '../subscriptions/present-payment'

// Amounts as the API writes them ("29.99"), so a spreadsheet sums them exactly.
const columns: readonly (readonly [keyof Payment, string])[] = [
  ['createdAt', 'Created'],
  ['paidAt', 'Paid'],
  ['receiptNumber', 'Receipt number'],
  ['personName', 'Person'],
  ['personId', 'Person ID'],
  ['planName', 'Plan'],
  ['months', 'Months'],
  ['amount', 'Amount'],
  ['currency', 'Currency'],
  ['listAmount', 'List amount'],
  ['discountAmount', 'Discount'],
  ['discountCode', 'Discount code'],
  ['refundedAmount', 'Refunded'],
  ['status', 'Status'],
  ['statusReason', 'Status reason'],
  ['kind', 'Kind'],
  ['declineCode', 'Decline code'],
  ['provider', 'Provider'],
  ['method', 'Method'],
  ['reference', 'Reference'],
  ['providerCheckoutId', 'Provider checkout ID'],
  ['providerPaymentId', 'Provider payment ID'],
  ['id', 'Payment ID'],
  ['createdBy', 'Recorded by'],
  ['refundedAt', 'Refunded at'],
]

const batchSize = 2000

async function* records(db: Db, filter: SQL | undefined) {
  yield columns.map(([, header]) => header)
  let after: { createdAt: Date; id: string } | null = null
  for (;;) {
    const batch = await selectPaymentRows(db)
      .where(and(filter, after ? olderThan(payments, after) : undefined))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(batchSize)
    for (const row of batch) {
      const payment = presentPayment(row, row.personName)
      yield columns.map(([key]) => csvCell(payment[key]))
    }
    if (batch.length < batchSize) return
    after = batch.at(-1)!
  }
}

/** Every payment the filter selects, newest first, streamed in batches so any size fits. */
export function paymentsCsv(db: Db, filter: SQL | undefined): Readable {
  return csvStream(records(db, filter))
}

export const paymentsFileName = (now: Date) => `payments-${now.toISOString().slice(0, 10)}.csv`
