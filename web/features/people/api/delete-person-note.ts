import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { resultToasts } from '@/lib/result-toasts'
import { personViewPath, personViewQueryKey } from './get-person-view'

export async function deletePersonNote(personId: string, noteId: string): Promise<void> {
  await apiRequest('DELETE', `${personViewPath(personId)}/notes/${encodeURIComponent(noteId)}`)
}

export function useDeletePersonNote(personId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (noteId: string) => deletePersonNote(personId, noteId),
    ...resultToasts({
      success: 'Note deleted',
      failure: 'Failed to delete note',
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: personViewQueryKey }),
    }),
  })
}
