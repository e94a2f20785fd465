import type { Payment } from '@common/payments'
import { isInReview, isRefundable } from '../payment-labels'
import { RefundPaymentDialog } from './refund-payment-dialog'
import { ResolvePaymentDialog } from './resolve-payment-dialog'

/** A super admin's action on one payment: Refund a paid one, Resolve one in review. */
export function PaymentActions({ payment }: { payment: Payment }) {
  if (isRefundable(payment)) return <RefundPaymentDialog payment={payment} />
  if (isInReview(payment)) return <ResolvePaymentDialog payment={payment} />
  return null
}
