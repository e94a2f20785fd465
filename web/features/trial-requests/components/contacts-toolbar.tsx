import { Download, Search } from 'lucide-react'
import { trialRequestStages } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { contactsCsvUrl } from '../api/export-contacts'
import type { ContactFilters, StageFilter, StatusFilter } from '../api/get-trial-requests'
import { subscriptionStatusLabels } from './subscription-status-badge'

type ContactsToolbarProps = {
  search: string
  onSearchChange: (search: string) => void
  status: StatusFilter
  onStatusChange: (status: StatusFilter) => void
  stage: StageFilter
  onStageChange: (stage: StageFilter) => void
  /** What the list shows now; the CSV holds the same contacts. */
  appliedFilters: ContactFilters
}

/** Search, status and follow-up filters, and the CSV export of what they select. */
export function ContactsToolbar({
  search,
  onSearchChange,
  status,
  onStatusChange,
  stage,
  onStageChange,
  appliedFilters,
}: ContactsToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative min-w-60 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search contacts"
          placeholder="Search name, email, subscription ID, Telegram, WhatsApp"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className="pl-9"
        />
      </div>
      <NativeSelect
        aria-label="Filter by status"
        value={status}
        onChange={(event) => onStatusChange(event.target.value as StatusFilter)}
        className="w-40"
      >
        <option value="all">All statuses</option>
        {Object.entries(subscriptionStatusLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Filter by follow-up stage"
        value={stage}
        onChange={(event) => onStageChange(event.target.value as StageFilter)}
        className="w-56"
      >
        <option value="all">All follow-up stages</option>
        {trialRequestStages.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </NativeSelect>
      <Button variant="outline" asChild>
        <a href={contactsCsvUrl(appliedFilters)} download>
          <Download aria-hidden />
          Export CSV
        </a>
      </Button>
    </div>
  )
}
