import { ArrowLeft, Printer } from 'lucide-react'
import { Link } from 'wouter'
import type { AccountReceipt } from '@common/customer-account'
import { appRoutes } from '@common/routes'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/format'
import { useReceipt } from '../api/get-receipt'

// Printing shows the receipt alone, whatever surrounds it on screen.
const printOnlyReceipt = `@media print {
  body * { visibility: hidden; }
  #receipt, #receipt * { visibility: visible; }
  #receipt { position: absolute; inset: 0; padding: 2rem; color: #000; background: #fff; }
}`

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  )
}

function ReceiptBody({ receipt }: { receipt: AccountReceipt }) {
  const money = (amount: string) => `${amount} ${receipt.currency}`
  const hasDiscount = receipt.discountAmount !== '0.00'
  return (
    <article id="receipt" className="grid gap-6 rounded-xl border bg-card p-6 text-card-foreground">
      <header className="grid gap-1">
        <p className="text-lg font-bold text-primary">{receipt.brandName}</p>
        <h1 className="text-2xl font-extrabold">Receipt {receipt.receiptNumber}</h1>
        <p className="text-sm text-muted-foreground">Paid {formatDate(receipt.paidAt)}</p>
      </header>
      <dl className="grid divide-y text-sm">
        <Row label="Customer" value={receipt.customerName} />
        <Row label="E-mail" value={receipt.customerEmail} />
        <Row label="Subscription" value={receipt.subscriptionId} />
        <Row
          label="Plan"
          value={`${receipt.planName}, ${receipt.months} month${receipt.months === 1 ? '' : 's'}`}
        />
        {receipt.periodStart && receipt.periodEnd && (
          <Row
            label="Period"
            value={`${formatDate(receipt.periodStart)} – ${formatDate(receipt.periodEnd)}`}
          />
        )}
        {hasDiscount && <Row label="Price" value={money(receipt.listAmount)} />}
        {hasDiscount && (
          <Row
            label={`Discount${receipt.discountCode ? ` (${receipt.discountCode})` : ''}`}
            value={`−${money(receipt.discountAmount)}`}
          />
        )}
        <Row label="Paid" value={money(receipt.amount)} />
        {receipt.refundedAt && (
          <Row
            label="Refunded"
            value={`${money(receipt.refundedAmount)} on ${formatDate(receipt.refundedAt)}`}
          />
        )}
        <Row label="Paid with" value={receipt.provider} />
      </dl>
    </article>
  )
}

/** /account/receipts/{id}: one of the customer's receipts, ready to print or save as PDF. */
export function ReceiptPage({ paymentId }: { paymentId: string }) {
  const receipt = useReceipt(paymentId)
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-6 sm:py-10">
      <style>{printOnlyReceipt}</style>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link href={appRoutes.account}>
            <ArrowLeft aria-hidden />
            Your account
          </Link>
        </Button>
        {receipt.data && (
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
        )}
      </div>
      {receipt.data ? (
        <ReceiptBody receipt={receipt.data} />
      ) : receipt.isError ? (
        <p role="alert">This receipt could not be found in your account.</p>
      ) : (
        <Skeleton className="h-96" />
      )}
    </div>
  )
}
