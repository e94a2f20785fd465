import type { FastifyInstance } from 'fastify'
import type { CheckoutProvider } from '../../../common/payments'
import { settlePayment, type SettleOutcome } from '../subscriptions/settle-payment'

/** What a provider confirmed was paid for one of our payments. */
export type ProviderConfirmation = {
  amountMinor: number
  currency: string
  providerPaymentId: string | null
}

/**
 * A provider says our payment is paid: the subscriptions module's one idempotent settle step
 * (it compares the amount with our record and extends once, whatever delivers it how often).
 */
export function settleFromProvider(
  app: FastifyInstance,
  provider: CheckoutProvider,
  paymentId: string,
  confirmation: ProviderConfirmation,
): Promise<SettleOutcome> {
  return settlePayment(app, paymentId, { ...confirmation, via: provider })
}
