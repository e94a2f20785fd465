import { Users } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { Plan } from '@common/plans'
import { SectionCard } from '@/components/section-card'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { noContactFilters, useTrialRequests, type ContactFilters } from '../api/get-trial-requests'
import { useRowSelection } from '../use-row-selection'
import { BulkStageBar } from './bulk-stage-bar'
import { ContactStats } from './contact-stats'
import { ContactsPagination } from './contacts-pagination'
import { ContactsTable } from './contacts-table'
import { ContactsToolbar } from './contacts-toolbar'

/** The cursors of the pages visited so far, for the filters they belong to. */
type Paging = { filtersKey: string; cursors: (string | undefined)[] }

/** Shows the list filtered to what a summary card counts, or all again when it already is. */
export type ShowFiltered = (changes: Partial<ContactFilters>) => void

type ContactsPanelProps = {
  plans: Plan[]
  /**
   * More figures under the stat cards, from other features (the trial autopilot's): given the
   * filters now chosen, and how to open the list a card counts.
   */
  summary?: (filters: ContactFilters, show: ShowFiltered) => ReactNode
}

/**
 * Users & Contacts: the four stat cards, then the trial requests searched, filtered and paged
 * on the server. `plans` are the plans a trial's plan may be changed to.
 */
export function ContactsPanel({ plans, summary }: ContactsPanelProps) {
  const [chosen, setChosen] = useState(noContactFilters)
  const filters: ContactFilters = { ...chosen, q: useDebouncedValue(chosen.q).trim() }
  const filtersKey = JSON.stringify(filters)
  const changeFilters = (changes: Partial<ContactFilters>) =>
    setChosen((current) => ({ ...current, ...changes }))
  // A card opens its list; the same card again, or Total Users, shows everyone.
  const show: ShowFiltered = (changes) => {
    const isShowing = Object.entries(changes).every(
      ([key, value]) => chosen[key as keyof ContactFilters] === value,
    )
    setChosen(isShowing ? noContactFilters : { ...noContactFilters, ...changes })
  }
  const isFiltered = JSON.stringify(filters) !== JSON.stringify(noContactFilters)

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
      <ContactStats filters={filters} show={show} />
      {summary?.(filters, show)}
      <SectionCard
        title="Users & Contacts"
        icon={Users}
        description="Trial requests and subscribers, newest first. New requests appear as they arrive."
      >
        <ContactsToolbar
          filters={chosen}
          onFiltersChange={changeFilters}
          appliedFilters={filters}
        />
        <BulkStageBar selection={selection} />
        <ContactsTable
          requests={list.data?.items}
          isError={list.isError}
          onRetry={() => void list.refetch()}
          isFiltered={isFiltered}
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
