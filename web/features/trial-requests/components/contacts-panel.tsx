import { Users } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { Plan } from '@common/plans'
import { SectionCard } from '@/components/section-card'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import {
  useTrialRequests,
  type ContactFilters,
  type StageFilter,
  type StatusFilter,
} from '../api/get-trial-requests'
import { useRowSelection } from '../use-row-selection'
import { BulkStageBar } from './bulk-stage-bar'
import { ContactStats } from './contact-stats'
import { ContactsPagination } from './contacts-pagination'
import { ContactsTable } from './contacts-table'
import { ContactsToolbar } from './contacts-toolbar'

/** The cursors of the pages visited so far, for the filters they belong to. */
type Paging = { filtersKey: string; cursors: (string | undefined)[] }

type ContactsPanelProps = {
  plans: Plan[]
  /** More figures under the stat cards, from other features (the trial autopilot's). */
  summary?: ReactNode
}

/**
 * Users & Contacts: the four stat cards, then the trial requests searched, filtered and paged
 * on the server. `plans` are the paid plans offered when converting a trial.
 */
export function ContactsPanel({ plans, summary }: ContactsPanelProps) {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<StatusFilter>('all')
  const [stage, setStage] = useState<StageFilter>('all')
  const filters: ContactFilters = { q: useDebouncedValue(search).trim(), status, stage }
  const filtersKey = JSON.stringify(filters)

  // New filters start again from their first page.
  const [paging, setPaging] = useState<Paging>({ filtersKey, cursors: [undefined] })
  const cursors = paging.filtersKey === filtersKey ? paging.cursors : [undefined]
  const cursor = cursors.at(-1)
  const list = useTrialRequests(filters, cursor)
  const nextCursor = list.isPlaceholderData ? null : list.data?.nextCursor
  const selection = useRowSelection(
    `${filtersKey}|${cursor ?? ''}`,
    list.data?.items.map((request) => request.id) ?? [],
  )

  return (
    <div className="grid gap-6">
      <ContactStats />
      {summary}
      <SectionCard
        title="Users & Contacts"
        icon={Users}
        description="Trial requests and subscribers, newest first. New requests appear as they arrive."
      >
        <ContactsToolbar
          search={search}
          onSearchChange={setSearch}
          status={status}
          onStatusChange={setStatus}
          stage={stage}
          onStageChange={setStage}
          appliedFilters={filters}
        />
        <BulkStageBar selection={selection} />
        <ContactsTable
          requests={list.data?.items}
          isError={list.isError}
          onRetry={() => void list.refetch()}
          isFiltered={filters.q !== '' || status !== 'all' || stage !== 'all'}
          plans={plans}
          selection={selection}
        />
        <ContactsPagination
          pageNumber={cursors.length}
          hasPrevious={cursors.length > 1}
          hasNext={Boolean(nextCursor)}
          isLoading={list.isPlaceholderData}
          onPrevious={() => setPaging({ filtersKey, cursors: cursors.slice(0, -1) })}
          onNext={() => nextCursor && setPaging({ filtersKey, cursors: [...cursors, nextCursor] })}
        />
      </SectionCard>
    </div>
  )
}
