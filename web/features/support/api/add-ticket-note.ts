import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateTicketNoteInput, TicketNote } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { addTicketNote, ticketNotesPath } from './get-ticket-notes'

export function createTicketNote(
  ticketId: string,
  note: CreateTicketNoteInput,
): Promise<TicketNote> {
  return apiJson<TicketNote>('POST', ticketNotesPath(ticketId), note)
}

/** Writes a private note in a chat; only admins ever see it. */
export function useAddTicketNote(ticketId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (note: CreateTicketNoteInput) => createTicketNote(ticketId, note),
    onSuccess: (note) => addTicketNote(queryClient, note),
  })
}
