import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { resultToasts } from '@/lib/result-toasts'
import { trialRequestsQueryKey } from './get-trial-requests'

export async function deleteTrialRequest(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/trial-requests/${encodeURIComponent(id)}`)
}

export function useDeleteTrialRequest() {
  const queryClient = useQueryClient()
  // Toasts here, not in the row: the row is gone once the request is.
  return useMutation({
    mutationFn: deleteTrialRequest,
    ...resultToasts({
      success: 'Trial request deleted successfully',
      failure: 'Failed to delete trial request',
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trialRequestsQueryKey }),
    }),
  })
}
