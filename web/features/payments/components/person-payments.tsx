import { Receipt } from 'lucide-react'
import { useState } from 'react'
import type { Plan } from '@common/plans'
import { ListLoadError, ListLoading } from '@/components/list-states'
import { LoadMoreButton } from '@/components/load-more-button'
import { SectionCard } from '@/components/section-card'
import { usePayments } from '../api/get-payments'
import { PayLinkDialog } from './pay-link-dialog'
import { PaymentActions } from './payment-actions'
import { PaymentDetailsDialog } from './payment-details-dialog'
import { PaymentsTable } from './payments-table'
import { RecordPaymentDialog } from './record-payment-dialog'

type PersonPaymentsProps = {
  personId: string
  personName: string
  /** The plan they pay for, or asked for: Record payment opens on it. */
  currentPlan: string | null
  /** The plans on sale, offered when recording a payment or making a pay link. */
  plans: Plan[]
  /** Super admins may refund, and resolve payments in review. */
  canRefund: boolean
}

/**
 * A person's payments on their page, with Record payment, Pay link, each paid one's Refund and
 * each one in review's Resolve.
 */
export function PersonPayments({
  personId,
  personName,
  currentPlan,
  plans,
  canRefund,
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
      <div className="flex flex-wrap gap-2">
        <RecordPaymentDialog
          personId={personId}
          personName={personName}
          plans={plans}
          currentPlan={currentPlan}
          payments={payments ?? []}
        />
        <PayLinkDialog personId={personId} personName={personName} plans={plans} />
      </div>
      {payments ? (
        <PaymentsTable
          payments={payments}
          isForPerson
          empty="No payments from this person yet."
          onOpen={(payment) => setOpenedId(payment.id)}
          rowActions={(payment) => canRefund && <PaymentActions payment={payment} />}
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
        actions={(payment) => canRefund && <PaymentActions payment={payment} />}
      />
    </SectionCard>
  )
}
