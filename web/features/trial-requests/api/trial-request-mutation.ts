import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { TrialRequest } from '@common/trial-requests'
import { resultToasts } from '@/lib/result-toasts'
import { trialRequestsQueryKey, type TrialRequestPage } from './get-trial-requests'

/** The spec's toast titles for a mutation's success and failure, and the success's detail. */
type Outcome = {
  success: string
  failure: string
  describe?: (changed: TrialRequest) => string | undefined
}

/**
 * Shows a request as a change answered it: its row is replaced in every cached page at once (no
 * flicker back to the old value), then list and stats are fetched again. Other features' changes
 * of a person (convert, extend) call it too, through web/app.
 */
export function showChangedRequest(queryClient: QueryClient, changed: TrialRequest): void {
  queryClient.setQueriesData<TrialRequestPage>(
    { queryKey: [...trialRequestsQueryKey, 'list'] },
    (page) =>
      page && {
        ...page,
        items: page.items.map((request) =>
          request.id === changed.id ? { ...request, ...changed } : request,
        ),
      },
  )
  void queryClient.invalidateQueries({ queryKey: trialRequestsQueryKey })
}

/**
 * A mutation answering with the changed request, shown at once (`showChangedRequest`). The toasts
 * belong to the mutation, not the component: the button that started it may be gone by the time
 * it answers.
 */
export function useTrialRequestMutation<Variables>(
  mutationFn: (variables: Variables) => Promise<TrialRequest>,
  outcome: Outcome,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    ...resultToasts<TrialRequest>({
      ...outcome,
      onSuccess: (changed) => showChangedRequest(queryClient, changed),
    }),
  })
}
