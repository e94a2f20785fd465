import { Receipt } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { Payment } from '@common/payments'
import { ListLoadError, ListLoading } from '@/components/list-states'
import { LoadMoreButton } from '@/components/load-more-button'
import { SectionCard } from '@/components/section-card'
import { usePayments } from '../api/get-payments'
import { PaymentActions, type RenderRefund } from './payment-actions'
import { PaymentDetailsDialog } from './payment-details-dialog'
import { PaymentsTable } from './payments-table'

type PersonPaymentsProps = {
  personId: string
  /** Record payment and Pay link, from the subscriptions feature, given the payments listed. */
  actions: (payments: Payment[]) => ReactNode
  /** Super admins may refund, and resolve payments in review. */
  canRefund: boolean
  renderRefund: RenderRefund
}

/**
 * A person's payments on their page, with Record payment, Pay link, each paid one's Refund and
 * each one in review's Resolve.
 */
export function PersonPayments({
  personId,
  actions,
  canRefund,
  renderRefund,
}: PersonPaymentsProps) {
  const [openedId, setOpenedId] = useState<string | null>(null)
  const list = usePayments({ personId })
  const payments = list.data?.pages.flatMap((page) => page.items)
  // Read from the list, so the details follow a refund made from them.
  const opened = payments?.find((payment) => payment.id === openedId) ?? null

  return (
    <SectionCard
      title="Payments"
      icon={Receipt}
      description="What they paid, by checkout or recorded by hand."
    >
      <div className="flex flex-wrap gap-2">{actions(payments ?? [])}</div>
      {payments ? (
        <PaymentsTable
          payments={payments}
          isForPerson
          empty="No payments from this person yet."
          onOpen={(payment) => setOpenedId(payment.id)}
          rowActions={(payment) =>
            canRefund && <PaymentActions payment={payment} renderRefund={renderRefund} />
          }
        />
      ) : list.isError ? (
        <ListLoadError onRetry={() => void list.refetch()} />
      ) : (
        <ListLoading label="Loading payments" />
      )}
      <LoadMoreButton query={list} />
      <PaymentDetailsDialog
        payment={opened}
        onOpenChange={(isOpen) => isOpen || setOpenedId(null)}
        actions={(payment) =>
          canRefund && <PaymentActions payment={payment} renderRefund={renderRefund} />
        }
      />
    </SectionCard>
  )
}
