import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { PaymentStatus } from '../../../common/payments'
import { payments } from '../../db/schema/payments'

export type PaymentConfirmation = {
  amountMinor: number
  currency: string
  providerPaymentId?: string | null
  via: 'stripe' | 'btcpay' | 'manual'
}
export type SettleOutcome = { status: PaymentStatus; settledNow: boolean }

/**
 * PLACEHOLDER for the providers branch only: marks the payment paid and nothing else. The real
 * settle step (amount check, subscription extended once, line, receipt) replaces this file at merge.
 */
export async function settlePayment(
  app: FastifyInstance,
  paymentId: string,
  confirmation: PaymentConfirmation,
): Promise<SettleOutcome> {
  const now = app.now()
  const [settled] = await app.db
    .update(payments)
    .set({
      status: 'paid',
      paidAt: now,
      updatedAt: now,
      providerPaymentId: confirmation.providerPaymentId ?? null,
    })
    .where(
      and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'expired', 'failed'])),
    )
    .returning({ status: payments.status })
  if (settled) return { status: 'paid', settledNow: true }
  const [current] = await app.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, paymentId))
  return { status: current?.status ?? 'pending', settledNow: false }
}
