import { History, SearchX } from 'lucide-react'
import { useState } from 'react'
import { ListLoadError, ListLoading } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { StatusMessage } from '@/components/status-message'
import { LoadMoreButton } from '@/components/load-more-button'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useAuditLog, type AuditFilters as Filters } from '../api/get-audit-log'
import { AuditEntriesList } from './audit-entries-list'
import { AuditFilters } from './audit-filters'

const noFilters: Filters = { action: '', actor: '', entityType: '' }

/** 'Activity': the audit trail of every admin change and scheduled expiry, read-only. */
export function ActivityCard() {
  const [filters, setFilters] = useState(noFilters)
  const log = useAuditLog(useDebouncedValue(filters))
  const entries = log.data?.pages.flatMap((page) => page.items)

  return (
    <SectionCard
      title="Activity"
      icon={History}
      description="Every change made in the Business Center, by whom and when, newest first."
    >
      <AuditFilters filters={filters} onChange={setFilters} />
      {entries ? (
        entries.length === 0 ? (
          <StatusMessage icon={SearchX} title="No activity found">
            Nothing recorded matches these filters.
          </StatusMessage>
        ) : (
          <AuditEntriesList entries={entries} />
        )
      ) : log.isError ? (
        <ListLoadError onRetry={() => void log.refetch()} />
      ) : (
        <ListLoading label="Loading activity" />
      )}
      <LoadMoreButton query={log} />
    </SectionCard>
  )
}
