import type { z } from 'zod'
import {
  accountPaths,
  cancelledCheckoutParam,
  renewParam,
  returnedPaymentParam,
  type accountCheckoutInput,
} from '../../../common/customer-account'
import { startCheckout } from '../payments/checkout.service'
import type { AppContext } from '../payments/payment-context'
import { recordCustomerAction } from './customer-activity.service'

/**
 * The customer's own checkout from their page: the admin's pay link and this are one code
 * (checkout.service.ts), same price, same reuse; its intent commits with the customer's own
 * activity, and the provider sends them back to their page.
 */
export async function checkoutFromAccount(
  ctx: AppContext,
  { personId, input }: { personId: string; input: z.output<typeof accountCheckoutInput> },
) {
  return startCheckout(ctx.app, personId, input, {
    createdBy: 'customer',
    inTransaction: (record) =>
      ctx.db.transaction(async (tx) => {
        const intent = await record(tx)
        const { planName, months } = intent.payment
        const detail = `${planName}, ${months} ${months === 1 ? 'month' : 'months'}`
        await recordCustomerAction(tx, personId, 'checkout_started', detail, ctx.now())
        return intent
      }),
    returnTo: (id) => ({
      success: `${accountPaths.account}?${returnedPaymentParam}=${encodeURIComponent(id)}`,
      cancelled: `${accountPaths.account}?${renewParam}=1&${cancelledCheckoutParam}=1`,
    }),
  })
}
