import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreatePersonNoteInput, PersonNote } from '@common/people'
import { apiJson } from '@/lib/api-client'
import { personViewPath, personViewQueryKey } from './get-person-view'

export function addPersonNote(personId: string, note: CreatePersonNoteInput): Promise<PersonNote> {
  return apiJson<PersonNote>('POST', `${personViewPath(personId)}/notes`, note)
}

/** Adds a private note; the view is read again so the timeline shows it too. */
export function useAddPersonNote(personId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (note: CreatePersonNoteInput) => addPersonNote(personId, note),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personViewQueryKey }),
  })
}
