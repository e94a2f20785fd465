import type { ReactNode } from 'react'
import type { TrialRequest } from '@common/trial-requests'
import { ListLoadError } from '@/components/list-states'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'

type TrialRequestPickerProps = {
  search: string
  onSearchChange: (search: string) => void
  /** The requests the search found; undefined while the first answer is on its way. */
  requests: TrialRequest[] | undefined
  isError: boolean
  onRetry: () => void
  selectedId: string | null
  onSelect: (request: TrialRequest) => void
  /** Where the person stands (paying, on trial, ended), shown beside each name. */
  renderState: (request: TrialRequest) => ReactNode
}

/** A searchable choice of one trial request: a search box over a list of radio buttons. */
export function TrialRequestPicker({
  search,
  onSearchChange,
  requests,
  isError,
  onRetry,
  selectedId,
  onSelect,
  renderState,
}: TrialRequestPickerProps) {
  return (
    <fieldset className="grid min-w-0 content-start gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Trial request</legend>
      <Label htmlFor="trial-request-search" className="sr-only">
        Search trial requests
      </Label>
      <Input
        id="trial-request-search"
        type="search"
        placeholder="Search by name, email or subscription ID"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <div className="max-h-64 overflow-y-auto rounded-md border">
        {isError ? (
          <ListLoadError onRetry={onRetry} />
        ) : !requests ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-5 text-primary" label="Loading trial requests" />
          </div>
        ) : requests.length === 0 ? (
          <p className="p-4 text-center text-sm text-muted-foreground">No trial requests found.</p>
        ) : (
          <ul className="divide-y">
            {requests.map((request) => (
              <li key={request.id}>
                <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 text-sm hover:bg-muted/60 has-[:checked]:bg-accent">
                  <input
                    type="radio"
                    name="trial-request"
                    className="mt-1 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    checked={request.id === selectedId}
                    onChange={() => onSelect(request)}
                  />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="font-medium break-words">{request.name}</span>
                    <span className="text-xs break-all text-muted-foreground">
                      {request.email} · {request.paidPlan ?? request.plan}
                    </span>
                  </span>
                  {renderState(request)}
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  )
}
