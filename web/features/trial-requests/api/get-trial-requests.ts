import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { TrialRequestListItem } from '@common/request-outcome'
import type {
  RequestOutcomeFilter,
  SubscriptionStatus,
  trialRequestStages,
} from '@common/trial-requests'
import { apiPage, type ApiPage } from '@/lib/api-client'

/** Every query of this feature starts with it, so one invalidation refreshes list and stats. */
export const trialRequestsQueryKey = ['trial-requests'] as const

/** Fetches the contacts list and its stats again. */
export function refreshTrialRequests(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: trialRequestsQueryKey })
}

export type StatusFilter = 'all' | SubscriptionStatus

export type StageFilter = 'all' | (typeof trialRequestStages)[number]

export type ContactFilters = {
  q: string
  status: StatusFilter
  stage: StageFilter
  /** "Ends soon": trials and subscriptions ending within this many days; null: any. */
  endsWithinDays: number | null
  /** What happened to the line (a summary card's list); null: anything. */
  outcome: RequestOutcomeFilter | null
}

/** Everyone: no search, no filter. */
export const noContactFilters: ContactFilters = {
  q: '',
  status: 'all',
  stage: 'all',
  endsWithinDays: null,
  outcome: null,
}

export type TrialRequestPage = ApiPage<TrialRequestListItem>

const pageSize = 20

/** The filters as query parameters; an empty search and 'all' are left out. */
export function contactFilterParams({
  q,
  status,
  stage,
  endsWithinDays,
  outcome,
}: ContactFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (q.trim()) params.set('q', q.trim())
  if (status !== 'all') params.set('status', status)
  if (stage !== 'all') params.set('stage', stage)
  if (endsWithinDays) params.set('endsWithinDays', String(endsWithinDays))
  if (outcome) params.set('outcome', outcome)
  return params
}

/** One page, newest first; a search goes to /search. The next cursor is a header. */
export async function getTrialRequests(
  filters: ContactFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TrialRequestPage> {
  const params = contactFilterParams(filters)
  params.set('limit', String(pageSize))
  if (cursor) params.set('cursor', cursor)
  const path = params.has('q') ? '/api/trial-requests/search' : '/api/trial-requests'
  return apiPage<TrialRequestListItem>(`${path}?${params}`, signal)
}

/** The list refreshes every 5 s; a new filter keeps the old rows until it answers. */
export function getTrialRequestsQueryOptions(filters: ContactFilters, cursor: string | undefined) {
  return queryOptions({
    queryKey: [...trialRequestsQueryKey, 'list', filters, cursor ?? null],
    queryFn: ({ signal }) => getTrialRequests(filters, cursor, signal),
    refetchInterval: 5_000,
    placeholderData: keepPreviousData,
  })
}

export function useTrialRequests(filters: ContactFilters, cursor: string | undefined) {
  return useQuery(getTrialRequestsQueryOptions(filters, cursor))
}
