import { useMutation, useQueryClient } from '@tanstack/react-query'
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
 * A mutation answering with the changed request: its row is replaced in every cached page at
 * once (no flicker back to the old value), then list and stats are fetched again. The toasts
 * belong to the mutation, not the component: the button that started it may be gone by the
 * time it answers (a converted trial has no Convert button).
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
      onSuccess: (changed) => {
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
      },
    }),
  })
}
