import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { trialRequests } from '../../db/schema/trial-requests'
import { queueMessage } from '../messages/outbox.service'
import { spokenAmount } from '../subscriptions/payment-notices'
import type { PaymentRow } from '../subscriptions/present-payment'
import type { RefundRow } from './refunds.service'

/**
 * Tells the customer a refund is done: "Refund of {amount} for receipt {N}", with the new end
 * when it shortened the subscription. Once per refund, whatever completes it again (a retried
 * submission): call it under the payment's lock, as completeRefund leaves it. A payment with no
 * receipt (refunded from review, never settled) has none to name, and no e-mail.
 */
export async function queueRefundNotice(
  tx: Db,
  payment: PaymentRow,
  refund: RefundRow,
  now: Date,
): Promise<void> {
  if (!payment.trialRequestId || payment.receiptNumber === null || !refund.refundedAt) return
  const [sent] = await tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.kind, 'payment_refund'),
        sql`${outboxMessages.variables}->>'refundId' = ${refund.id}`,
      ),
    )
    .limit(1)
  if (sent) return
  const [person] = await tx
    .select({ email: trialRequests.email })
    .from(trialRequests)
    .where(eq(trialRequests.id, payment.trialRequestId))
  if (!person) return
  await queueMessage(
    tx,
    {
      kind: 'payment_refund',
      recipient: person.email,
      trialRequestId: payment.trialRequestId,
      variables: {
        refundId: refund.id,
        amount: spokenAmount(refund.amountMinor, payment.currency),
        receiptNumber: String(payment.receiptNumber),
        planName: payment.planName,
        ...(refund.shortenedTo ? { endAt: refund.shortenedTo.toISOString() } : {}),
      },
    },
    now,
  )
}
