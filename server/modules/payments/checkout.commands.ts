import type { z } from 'zod'
import type { checkoutInput } from '../../../common/payments'
import { actingAdmin, auditAction, auditedChange, fieldsOf } from '../audit/command'
import { startCheckout } from './checkout.service'
import type { AppContext } from './payment-context'

export const payLinkAction = auditAction('trial_request', 'checkout')

/**
 * An admin's pay link for the customer: its pending payment is recorded with the trail entry (a
 * retry that reuses it is recorded as a replay), the provider called after the commit.
 */
export async function makePayLink(
  ctx: AppContext,
  { personId, input }: { personId: string; input: z.output<typeof checkoutInput> },
) {
  const entry = {
    entityId: personId,
    details: ({ isReused }: { isReused: boolean }) =>
      isReused ? { outcome: 'replayed' as const } : fieldsOf(input),
  }
  return startCheckout(ctx.app, personId, input, {
    createdBy: actingAdmin(ctx).username,
    inTransaction: (record) => auditedChange(ctx, payLinkAction, entry, record),
  })
}
