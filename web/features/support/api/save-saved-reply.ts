import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedReply, SaveSavedReplyInput } from '@common/saved-replies'
import { apiJson } from '@/lib/api-client'
import { savedRepliesPath, savedRepliesQueryKey } from './get-saved-replies'

/** Creates a saved reply, or changes one when `id` is given. */
export function saveSavedReply(input: SaveSavedReplyInput, id?: string): Promise<SavedReply> {
  return id
    ? apiJson<SavedReply>('PUT', `${savedRepliesPath}/${encodeURIComponent(id)}`, input)
    : apiJson<SavedReply>('POST', savedRepliesPath, input)
}

export function useSaveSavedReply() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, id }: { input: SaveSavedReplyInput; id?: string }) =>
      saveSavedReply(input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedRepliesQueryKey }),
  })
}
