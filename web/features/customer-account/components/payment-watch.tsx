import { CircleCheck, Hourglass } from 'lucide-react'
import type { CustomerAccount } from '@common/customer-account'
import { formatDate } from '@/lib/format'

/**
 * Back from the provider (`?payment=…`): "We are waiting for your payment" until the webhook
 * settles it, then "Payment received" with the new end date. The page polls meanwhile.
 */
export function PaymentWatch({
  account,
  paymentId,
}: {
  account: CustomerAccount
  paymentId: string
}) {
  const payment = account.payments.find((candidate) => candidate.id === paymentId)
  if (!payment) return null
  const isPaid = payment.status === 'paid'
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-primary/40 bg-accent p-4 text-accent-foreground"
    >
      {isPaid ? (
        <CircleCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
      ) : (
        <Hourglass className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
      )}
      <div className="grid gap-1">
        <p className="text-lg font-semibold">
          {isPaid ? 'Payment received' : 'We are waiting for your payment'}
        </p>
        <p className="text-sm">
          {isPaid && account.subscription.endsAt
            ? `Thank you. Your subscription now runs until ${formatDate(account.subscription.endsAt)}. Your receipt is below and on its way by e-mail.`
            : 'This page updates by itself as soon as your payment is confirmed.'}
        </p>
      </div>
    </div>
  )
}
