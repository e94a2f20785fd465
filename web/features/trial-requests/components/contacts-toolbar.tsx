import { Download, Search } from 'lucide-react'
import { trialRequestStages, type RequestOutcomeFilter } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { contactsCsvUrl } from '../api/export-contacts'
import type { ContactFilters, StageFilter, StatusFilter } from '../api/get-trial-requests'
import { subscriptionStatusLabels } from './subscription-status-badge'

type ContactsToolbarProps = {
  /** The filters as chosen (the search as typed). */
  filters: ContactFilters
  onFiltersChange: (changes: Partial<ContactFilters>) => void
  /** What the list shows now; the CSV holds the same contacts. */
  appliedFilters: ContactFilters
}

/** "Ends soon" windows, in days. */
const endWindows = [1, 7, 30] as const

const outcomeLabels: Record<RequestOutcomeFilter, string> = {
  auto_sent: 'Line sent automatically',
  waiting: 'Waiting for an admin',
  failed: 'Line failed',
  needs_line: 'Needs a line',
}

/** Search, status, follow-up, "Ends soon" and line filters, and the CSV export of what they select. */
export function ContactsToolbar({
  filters,
  onFiltersChange,
  appliedFilters,
}: ContactsToolbarProps) {
  const { q: search, status, stage, endsWithinDays, outcome } = filters
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
          onChange={(event) => onFiltersChange({ q: event.target.value })}
          className="pl-9"
        />
      </div>
      <NativeSelect
        aria-label="Filter by status"
        value={status}
        onChange={(event) => onFiltersChange({ status: event.target.value as StatusFilter })}
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
        aria-label="Ends soon"
        value={endsWithinDays ?? ''}
        onChange={(event) =>
          onFiltersChange({ endsWithinDays: Number(event.target.value) || null })
        }
        className="w-48"
      >
        <option value="">Any end date</option>
        {endWindows.map((days) => (
          <option key={days} value={days}>
            {days === 1 ? 'Ends within a day' : `Ends within ${days} days`}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Filter by line"
        value={outcome ?? ''}
        onChange={(event) =>
          onFiltersChange({ outcome: (event.target.value || null) as RequestOutcomeFilter | null })
        }
        className="w-56"
      >
        <option value="">Any line state</option>
        {Object.entries(outcomeLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Filter by follow-up stage"
        value={stage}
        onChange={(event) => onFiltersChange({ stage: event.target.value as StageFilter })}
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
