import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { Payment } from '@common/payments'
import { adminPaths } from '@common/routes'
import { CopyButton } from '@/components/copy-button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { formatDateTime } from '@/lib/format'
import {
  formatAmount,
  methodLabels,
  planAndMonths,
  providerLabels,
  refundedText,
} from '../payment-labels'
import { PaymentStatusBadge } from './payment-status-badge'

type Field = [label: string, value: ReactNode]

const when = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : null

/** An id an operator pastes into the provider's dashboard: monospace, with a Copy button. */
function ProviderId({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <code className="font-mono text-xs break-all">{value}</code>
      <CopyButton
        value={value}
        copiedDescription={`${label} copied`}
        aria-label={`Copy ${label}`}
      />
    </span>
  )
}

function fieldsOf(payment: Payment): Field[] {
  const money = (amount: string) => formatAmount(amount, payment.currency)
  const person = payment.personId ? (
    <Link href={adminPaths.person(payment.personId)} className="underline underline-offset-4">
      {payment.personName ?? 'Open their page'}
    </Link>
  ) : (
    'Deleted'
  )
  return [
    ['Status', <PaymentStatusBadge key="status" status={payment.status} />],
    ['Why', payment.statusReason],
    [
      'Received',
      payment.receivedAmount &&
        formatAmount(payment.receivedAmount, payment.receivedCurrency ?? payment.currency),
    ],
    ['Person', person],
    ['Plan', planAndMonths(payment)],
    ['Amount', money(payment.amount)],
    ['List price', money(payment.listAmount)],
    [
      'Discount',
      payment.discountCode ? `${money(payment.discountAmount)} (${payment.discountCode})` : null,
    ],
    [
      'Refunded',
      payment.refundedAt &&
        refundedText(payment.refundedAmount, payment.currency, payment.refundedAt),
    ],
    ['Provider', providerLabels[payment.provider]],
    ['Method', payment.method && methodLabels[payment.method]],
    ['Reference', payment.reference],
    [
      'Checkout id',
      payment.providerCheckoutId && (
        <ProviderId value={payment.providerCheckoutId} label="Checkout id" />
      ),
    ],
    [
      'Payment id',
      payment.providerPaymentId && (
        <ProviderId value={payment.providerPaymentId} label="Payment id" />
      ),
    ],
    [
      'Pay link',
      payment.checkoutUrl && payment.status === 'pending' && (
        <ProviderId value={payment.checkoutUrl} label="Pay link" />
      ),
    ],
    ['Receipt', payment.receiptNumber === null ? null : `No. ${payment.receiptNumber}`],
    ['Created', when(payment.createdAt)],
    ['Recorded by', payment.createdBy],
    ['Link expires', payment.status === 'pending' ? when(payment.expiresAt) : null],
    ['Paid', when(payment.paidAt)],
    ['End before', when(payment.previousEnd)],
    ['End after', when(payment.newEnd)],
    ['Our id', <ProviderId key="id" value={payment.id} label="Payment reference" />],
  ]
}

type PaymentDetailsDialogProps = {
  payment: Payment | null
  onOpenChange: (isOpen: boolean) => void
  /** What may be done with it (a super admin's Refund or Resolve). */
  actions?: (payment: Payment) => ReactNode
}

/** Every field of one payment, empty ones left out, and what may be done with it. */
export function PaymentDetailsDialog({
  payment,
  onOpenChange,
  actions,
}: PaymentDetailsDialogProps) {
  return (
    <Dialog open={payment !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {payment && (
          <>
            <DialogHeader>
              <DialogTitle>Payment {formatAmount(payment.amount, payment.currency)}</DialogTitle>
              <DialogDescription>
                {payment.personName ?? 'A deleted person'} · {planAndMonths(payment)}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
              {fieldsOf(payment)
                .filter(([, value]) => value !== null && value !== undefined && value !== '')
                .map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-medium text-muted-foreground max-sm:mt-2">{label}</dt>
                    <dd className="min-w-0 break-words">{value}</dd>
                  </div>
                ))}
            </dl>
            {actions && <div className="flex flex-wrap justify-end gap-2">{actions(payment)}</div>}
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
