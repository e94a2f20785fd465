import { SearchX, Users } from 'lucide-react'
import type { Plan } from '@common/plans'
import type { TrialRequestListItem } from '@common/request-outcome'
import { ListLoadError } from '@/components/list-states'
import { StatusMessage } from '@/components/status-message'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'
import type { RowSelection } from '../use-row-selection'
import { ContactCard } from './contact-card'
import { actionsColumnClassName, ContactRow } from './contact-row'
import { RowCheckbox } from './row-checkbox'

// Tailwind's md: below it, eleven columns would leave a phone showing two at a time.
const wideQuery = '(min-width: 48rem)'

// The spec's columns, with the follow-up stage (issue 15) beside the subscription's status.
const columns = [
  'User',
  'Subscription ID',
  'Trial plan',
  'Status',
  'Follow-up',
  'Paid plan',
  'Period',
  'Contact',
  'Admin notes',
]

type ContactsTableProps = {
  requests: TrialRequestListItem[] | undefined
  isError: boolean
  onRetry: () => void
  /** Whether a search or status filter narrows the list, for the empty state's wording. */
  isFiltered: boolean
  plans: Plan[]
  selection: RowSelection
}

/** The contacts: a table from tablet width (scrolling sideways if need be), cards on a phone. */
export function ContactsTable({
  requests,
  isError,
  onRetry,
  isFiltered,
  plans,
  selection,
}: ContactsTableProps) {
  const isWide = useMediaQuery(wideQuery)
  if (isError && !requests) {
    return <ListLoadError onRetry={onRetry} />
  }
  if (!requests) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading contacts">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} className="h-14 w-full" />
        ))}
      </div>
    )
  }
  if (requests.length === 0) {
    return isFiltered ? (
      <StatusMessage icon={SearchX} title="No matching contacts">
        No trial request matches this search and these filters. Try other words or filters.
      </StatusMessage>
    ) : (
      <StatusMessage icon={Users} title="No trial requests yet">
        Visitors who request a free trial appear here the moment they sign up.
      </StatusMessage>
    )
  }
  if (!isWide) {
    return (
      <ul aria-label="Trial requests and subscribers" className="grid gap-3">
        {requests.map((request) => (
          <ContactCard
            key={request.id}
            request={request}
            plans={plans}
            isSelected={selection.selectedIds.has(request.id)}
            onToggleSelected={() => selection.toggle(request.id)}
          />
        ))}
      </ul>
    )
  }
  const allSelected = requests.every((request) => selection.selectedIds.has(request.id))
  // The table reaches closer to the card's edges and its cells are padded less, so that a laptop
  // screen shows every column.
  return (
    <div className="-mx-4 min-w-0">
      <Table className="[&_td]:px-1.5 [&_th]:px-1.5">
        <TableCaption className="sr-only">Trial requests and subscribers</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <RowCheckbox
                aria-label="Select every contact on this page"
                checked={allSelected}
                onChange={selection.toggleAll}
              />
            </TableHead>
            {columns.map((column) => (
              // Titles may wrap: the cells, not their titles, decide how wide a column is.
              <TableHead key={column} className="whitespace-normal">
                {column}
              </TableHead>
            ))}
            <TableHead className={cn(actionsColumnClassName, 'text-right')}>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {requests.map((request) => (
            <ContactRow
              key={request.id}
              request={request}
              plans={plans}
              isSelected={selection.selectedIds.has(request.id)}
              onToggleSelected={() => selection.toggle(request.id)}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
