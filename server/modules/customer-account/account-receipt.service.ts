import { and, eq, isNotNull } from 'drizzle-orm'
import type { AccountReceipt } from '../../../common/customer-account'
import { formatCents } from '../../../common/money'
import { providerLabels } from '../../../common/payments'
import { renewalStart } from '../../../common/subscription-renewals'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'

/**
 * The receipt of one of the customer's own settled payments. Another person's payment, or one
 * with no receipt yet, is "not found" alike: an id never tells whether it exists.
 */
export async function readReceipt(
  db: Db,
  personId: string,
  paymentId: string,
  brandName: string,
): Promise<AccountReceipt> {
  const [row] = await db
    .select({ payment: payments, person: trialRequests })
    .from(payments)
    .innerJoin(trialRequests, eq(trialRequests.id, payments.trialRequestId))
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.trialRequestId, personId),
        isNotNull(payments.receiptNumber),
      ),
    )
  if (!row?.payment.receiptNumber || !row.payment.paidAt) throw notFound('Receipt not found')
  const { payment, person } = row
  return {
    brandName,
    receiptNumber: payment.receiptNumber!,
    paidAt: payment.paidAt!.toISOString(),
    customerName: person.name,
    customerEmail: person.email,
    subscriptionId: person.subscriptionId,
    planName: payment.planName,
    months: payment.months,
    listAmount: formatCents(payment.listAmountMinor),
    discountAmount: formatCents(payment.discountMinor),
    discountCode: payment.discountCode,
    amount: formatCents(payment.amountMinor),
    refundedAmount: formatCents(payment.refundedMinor),
    refundedAt: payment.refundedAt?.toISOString() ?? null,
    currency: payment.currency,
    provider: providerLabels[payment.provider],
    // A lapsed subscription runs on from the day it was paid, not from its old end; a plan
    // change taking effect at once, from when it was made.
    periodStart: (
      payment.periodStart ?? renewalStart(payment.previousEnd, payment.paidAt!)
    ).toISOString(),
    periodEnd: payment.newEnd?.toISOString() ?? null,
    status: payment.status,
  }
}
