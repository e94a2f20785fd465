import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import type { PaymentRow } from '../subscriptions/present-payment'

/**
 * A payment in review becomes the money actually received, before an admin settles or refunds
 * it, or a provider reports a refund of it: the amount and currency the provider confirmed
 * (kept when it was held) replace the ones we asked for. The reason still says what we expected.
 * The caller holds the payment's row lock.
 */
export async function takeReceivedAmount(tx: Db, payment: PaymentRow): Promise<PaymentRow> {
  const { receivedMinor, receivedCurrency } = payment
  if (receivedMinor === null || receivedCurrency === null) return payment
  if (receivedMinor === payment.amountMinor && receivedCurrency === payment.currency) return payment
  const [changed] = await tx
    .update(payments)
    .set({ amountMinor: receivedMinor, currency: receivedCurrency })
    .where(eq(payments.id, payment.id))
    .returning()
  return changed!
}
