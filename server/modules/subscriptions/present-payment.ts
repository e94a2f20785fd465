import { formatCents } from '../../../common/money'
import type { Payment } from '../../../common/payments'
import type { payments } from '../../db/schema/payments'

export type PaymentRow = typeof payments.$inferSelect

/** A payment as the API answers it, with its person's name now (null once they are deleted). */
export function presentPayment(row: PaymentRow, personName: string | null): Payment {
  const iso = (date: Date | null) => date?.toISOString() ?? null
  return {
    id: row.id,
    personId: row.trialRequestId,
    personName,
    planId: row.planId,
    planName: row.planName,
    months: row.months,
    amount: formatCents(row.amountMinor),
    listAmount: formatCents(row.listAmountMinor),
    discountAmount: formatCents(row.discountMinor),
    discountCode: row.discountCode,
    currency: row.currency,
    provider: row.provider,
    method: row.method,
    reference: row.reference,
    providerCheckoutId: row.providerCheckoutId,
    providerPaymentId: row.providerPaymentId,
    checkoutUrl: row.checkoutUrl,
    status: row.status,
    statusReason: row.statusReason,
    refundedAmount: formatCents(row.refundedMinor),
    receiptNumber: row.receiptNumber,
    previousEnd: iso(row.previousEnd),
    newEnd: iso(row.newEnd),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    paidAt: iso(row.paidAt),
    refundedAt: iso(row.refundedAt),
  }
}
