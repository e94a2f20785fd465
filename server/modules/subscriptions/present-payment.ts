import { eq, getTableColumns, sql } from 'drizzle-orm'
import { formatCents } from '../../../common/money'
import type { Payment } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { renewalAttempts } from '../../db/schema/renewal-attempts'
import { trialRequests } from '../../db/schema/trial-requests'

export type PaymentRow = typeof payments.$inferSelect & {
  /** Its last declined attempt's code, where the row was read with `selectPaymentRows`. */
  lastDeclineCode?: string | null
}

const iso = (date: Date | null) => date?.toISOString() ?? null

/**
 * A payment as the API answers it (minor units → "29.99"), with its person's name now (null once
 * they are deleted). The one presenter of a payment: payments' read API and CSV use it too.
 */
export function presentPayment(row: PaymentRow, personName: string | null): Payment {
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
    kind: row.kind,
    declineCode:
      row.kind === 'renewal' && (row.status === 'pending' || row.status === 'failed')
        ? (row.lastDeclineCode ?? null)
        : null,
    method: row.method,
    reference: row.reference,
    providerCheckoutId: row.providerCheckoutId,
    providerPaymentId: row.providerPaymentId,
    checkoutUrl: row.checkoutUrl,
    status: row.status,
    statusReason: row.statusReason,
    refundedAmount: formatCents(row.refundedMinor),
    receivedAmount: row.receivedMinor === null ? null : formatCents(row.receivedMinor),
    receivedCurrency: row.receivedCurrency,
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

/** Payments with their person's name now, for `presentPayment`; callers add where/order/limit. */
export function selectPaymentRows(db: Db) {
  return db
    .select({
      ...getTableColumns(payments),
      personName: trialRequests.name,
      lastDeclineCode: sql<string | null>`(
        select ${renewalAttempts.code} from ${renewalAttempts}
        where ${renewalAttempts.paymentId} = ${payments.id} and ${renewalAttempts.outcome} = 'declined'
        order by ${renewalAttempts.number} desc limit 1)`,
    })
    .from(payments)
    .leftJoin(trialRequests, eq(trialRequests.id, payments.trialRequestId))
}
