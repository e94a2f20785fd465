import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { resultToasts } from '@/lib/result-toasts'
import { savedRepliesPath, savedRepliesQueryKey } from './get-saved-replies'

export async function deleteSavedReply(id: string): Promise<void> {
  await apiRequest('DELETE', `${savedRepliesPath}/${encodeURIComponent(id)}`)
}

export function useDeleteSavedReply() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSavedReply,
    ...resultToasts({
      success: 'Saved reply deleted',
      failure: 'Failed to delete saved reply',
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedRepliesQueryKey }),
    }),
  })
}
