import { Receipt } from 'lucide-react'
import { Link } from 'wouter'
import type { AccountPayment } from '@common/customer-account'
import { accountReceiptPath } from '@common/routes'
import { SectionCard } from '@/components/section-card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatShortDate } from '@/lib/format'

const statusWords: Partial<Record<AccountPayment['status'], string>> = {
  pending: 'Waiting for payment',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  needs_review: 'Being checked',
}

/** "Refunded 10.00 EUR on Nov 29, 2026": what went back, and when the last of it did. */
const refundedText = (amount: string, currency: string, at: string) =>
  `Refunded ${amount} ${currency} on ${formatShortDate(at)}`

/** What the customer paid, newest first, each with its printable receipt. */
export function PaymentsList({ payments }: { payments: AccountPayment[] }) {
  return (
    <SectionCard title="Payments" icon={Receipt}>
      {payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments yet.</p>
      ) : (
        <ul className="grid divide-y">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="grid gap-0.5">
                <span className="font-medium">
                  {payment.amount} {payment.currency} · {payment.months} month
                  {payment.months === 1 ? '' : 's'}
                </span>
                <span className="text-sm text-muted-foreground">
                  {payment.paidAt ? formatShortDate(payment.paidAt) : 'Not paid yet'}
                </span>
                {payment.refundedAt && (
                  <span className="text-sm">
                    {refundedText(payment.refundedAmount, payment.currency, payment.refundedAt)}
                  </span>
                )}
              </div>
              {statusWords[payment.status] && (
                <Badge variant="secondary">{statusWords[payment.status]}</Badge>
              )}
              {payment.receiptNumber !== null && (
                <Button variant="outline" size="sm" asChild>
                  <Link href={accountReceiptPath(payment.id)}>Receipt {payment.receiptNumber}</Link>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
