import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { Payment } from '@common/payments'
import { adminPaths } from '@common/routes'
import { RecordTable } from '@/components/record-table'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatShortDate } from '@/lib/format'
import {
  formatAmount,
  kindLabels,
  paidWith,
  planAndMonths,
  referenceOf,
  refundedText,
} from '../payment-labels'
import { PaymentStatusBadge } from './payment-status-badge'

const columns = [
  'Date',
  'Person',
  'Plan',
  'Amount',
  'Paid with',
  'Reference',
  'Status',
  'Receipt',
] as const

type PaymentsTableProps = {
  payments: Payment[]
  empty: string
  /**
   * On a person's page, in a narrower column: no person, and reference and receipt only in the
   * details.
   */
  isForPerson?: boolean
  onOpen: (payment: Payment) => void
  /** More actions for a row (a Refund). */
  rowActions?: (payment: Payment) => ReactNode
}

function PersonCell({ payment }: { payment: Payment }) {
  if (!payment.personId) return <span className="text-muted-foreground">Deleted</span>
  return (
    <Link
      href={adminPaths.person(payment.personId)}
      className="font-medium underline-offset-4 hover:underline"
    >
      {payment.personName}
    </Link>
  )
}

/**
 * Payments, newest first: a row each (a card on phones), its details a click away. Person, plan,
 * method and actions wrap before the table scrolls sideways (on a person's page it has a third
 * less room, and a hidden Refund is one nobody finds).
 */
export function PaymentsTable({
  payments,
  empty,
  isForPerson = false,
  onOpen,
  rowActions,
}: PaymentsTableProps) {
  const personColumns: readonly string[] = ['Person', 'Reference', 'Receipt']
  const shown = columns.filter((column) => !isForPerson || !personColumns.includes(column))
  return (
    <RecordTable caption="Payments, newest first" columns={shown} records={payments} empty={empty}>
      {(payment) => {
        const reference = referenceOf(payment)
        return (
          <TableRow key={payment.id}>
            <TableCell>
              <time dateTime={payment.createdAt}>{formatShortDate(payment.createdAt)}</time>
            </TableCell>
            {!isForPerson && (
              <TableCell data-label="Person" className="whitespace-normal">
                <PersonCell payment={payment} />
              </TableCell>
            )}
            <TableCell data-label="Plan" className="whitespace-normal">
              {planAndMonths(payment)}
              {payment.kind === 'renewal' && (
                <span className="block text-xs text-muted-foreground">{kindLabels.renewal}</span>
              )}
            </TableCell>
            <TableCell data-label="Amount" className="tabular-nums">
              {formatAmount(payment.amount, payment.currency)}
            </TableCell>
            <TableCell data-label="Paid with" className="whitespace-normal">
              {paidWith(payment)}
            </TableCell>
            {!isForPerson && (
              <TableCell
                data-label="Reference"
                className="max-w-36 truncate max-sm:max-w-none xl:max-w-48"
              >
                {reference ? (
                  <code className="font-mono text-xs" title={reference}>
                    {reference}
                  </code>
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </TableCell>
            )}
            <TableCell data-label="Status" className="whitespace-normal">
              <div className="grid justify-items-start gap-1">
                <PaymentStatusBadge status={payment.status} />
                {payment.declineCode && (
                  <span className="text-xs text-muted-foreground">
                    Declined: <code className="font-mono">{payment.declineCode}</code>
                  </span>
                )}
                {payment.refundedAt && (
                  <span className="text-xs text-muted-foreground">
                    {refundedText(payment.refundedAmount, payment.currency, payment.refundedAt)}
                  </span>
                )}
              </div>
            </TableCell>
            {!isForPerson && (
              <TableCell data-label="Receipt" className="tabular-nums">
                {payment.receiptNumber ?? <span className="text-muted-foreground">None</span>}
              </TableCell>
            )}
            <TableCell className="text-right">
              <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onOpen(payment)}
                  aria-label={`Details of the payment of ${formatAmount(payment.amount, payment.currency)} on ${formatShortDate(payment.createdAt)}`}
                >
                  Details
                </Button>
                {rowActions?.(payment)}
              </div>
            </TableCell>
          </TableRow>
        )
      }}
    </RecordTable>
  )
}
