import { Download, Receipt, SearchX } from 'lucide-react'
import { useState } from 'react'
import { ListLoadError, ListLoading } from '@/components/list-states'
import { LoadMoreButton } from '@/components/load-more-button'
import { SectionCard } from '@/components/section-card'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api-client'
import { paymentsCsvUrl } from '../api/export-payments'
import { usePayments, type PaymentFilters as Filters } from '../api/get-payments'
import { PaymentDetailsDialog } from './payment-details-dialog'
import { PaymentFilters } from './payment-filters'
import { PaymentActions, type RenderRefund } from './payment-actions'
import { PaymentsTable } from './payments-table'

/** A list the filters cannot select (To before From): the server's words, no retry. */
function FilterProblem({ message }: { message: string }) {
  return (
    <StatusMessage icon={SearchX} title="These filters select nothing" role="alert">
      {message}
    </StatusMessage>
  )
}

/**
 * The Business Center's Payments: every payment, filtered, its details and a CSV of them; a super
 * admin (`canAct`) refunds a paid one and resolves one in review from its row.
 */
export function PaymentsPanel({
  canAct,
  renderRefund,
}: {
  canAct: boolean
  renderRefund: RenderRefund
}) {
  const [filters, setFilters] = useState<Filters>({})
  const [openedId, setOpenedId] = useState<string | null>(null)
  const list = usePayments(filters)
  const payments = list.data?.pages.flatMap((page) => page.items)
  // Read from the list, so the details follow a refund made from them.
  const opened = payments?.find((payment) => payment.id === openedId) ?? null
  const filterProblem =
    list.error instanceof ApiError && list.error.status === 400 ? list.error : null

  return (
    <SectionCard
      title="Payments"
      icon={Receipt}
      description="Every payment, by checkout or recorded by hand, newest first."
      action={
        <Button variant="outline" asChild>
          <a href={paymentsCsvUrl(filters)} download>
            <Download aria-hidden />
            Export CSV
          </a>
        </Button>
      }
    >
      <PaymentFilters filters={filters} onChange={setFilters} />
      {filterProblem ? (
        <FilterProblem message={filterProblem.serverMessage ?? 'The filters are not valid.'} />
      ) : payments ? (
        <PaymentsTable
          payments={payments}
          empty={
            Object.values(filters).some(Boolean)
              ? 'No payment matches these filters.'
              : 'No payments yet. They appear here when a customer pays or an admin records one.'
          }
          onOpen={(payment) => setOpenedId(payment.id)}
          rowActions={(payment) =>
            canAct && <PaymentActions payment={payment} renderRefund={renderRefund} />
          }
        />
      ) : list.isError ? (
        <ListLoadError onRetry={() => void list.refetch()} />
      ) : (
        <ListLoading label="Loading payments" />
      )}
      {!filterProblem && <LoadMoreButton query={list} />}
      <PaymentDetailsDialog
        payment={opened}
        onOpenChange={(isOpen) => isOpen || setOpenedId(null)}
        actions={(payment) =>
          canAct && <PaymentActions payment={payment} renderRefund={renderRefund} />
        }
      />
    </SectionCard>
  )
}
