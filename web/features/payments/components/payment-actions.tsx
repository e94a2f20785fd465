import type { ReactNode } from 'react'
import type { Payment } from '@common/payments'
import { isInReview, isRefundable } from '../payment-labels'
import { ResolvePaymentDialog } from './resolve-payment-dialog'

/** The Refund dialog of a paid payment, which web/app brings from the subscriptions feature. */
export type RenderRefund = (payment: Payment) => ReactNode

type PaymentActionsProps = { payment: Payment; renderRefund: RenderRefund }

/** A super admin's action on one payment: Refund a paid one, Resolve one in review. */
export function PaymentActions({ payment, renderRefund }: PaymentActionsProps) {
  if (isRefundable(payment)) return renderRefund(payment)
  if (isInReview(payment)) return <ResolvePaymentDialog payment={payment} />
  return null
}
