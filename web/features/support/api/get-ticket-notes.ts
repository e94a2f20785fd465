import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { TicketNote } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { useLiveSocketFrames } from '@/lib/live-socket-context'

const ticketNotesRootKey = ['ticket-notes'] as const
const ticketNotesQueryKey = (ticketId: string) => [...ticketNotesRootKey, ticketId] as const

export const ticketNotesPath = (ticketId: string) =>
  `/api/support-tickets/${encodeURIComponent(ticketId)}/notes`

/** Agents' private notes in a ticket's chat (admins only). */
export function getTicketNotes(ticketId: string, signal?: AbortSignal): Promise<TicketNote[]> {
  return apiJson<TicketNote[]>('GET', ticketNotesPath(ticketId), undefined, signal)
}

export function getTicketNotesQueryOptions(ticketId: string) {
  return queryOptions({
    queryKey: ticketNotesQueryKey(ticketId),
    queryFn: ({ signal }) => getTicketNotes(ticketId, signal),
  })
}

/** Adds a note that arrived live or was just written, unless it is already shown. */
export function addTicketNote(queryClient: QueryClient, note: TicketNote): void {
  queryClient.setQueryData<TicketNote[]>(ticketNotesQueryKey(note.ticketId), (shown) =>
    shown && !shown.some((known) => known.id === note.id) ? [...shown, note] : shown,
  )
}

/** Fetches every shown chat's notes again (live ones may have been missed). */
export function refreshTicketNotes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ticketNotesRootKey })
}

/** A chat's notes, kept live by the socket's `ticket:note` frames (sent to admins only). */
export function useTicketNotes(ticketId: string) {
  const queryClient = useQueryClient()
  useLiveSocketFrames((frame) => {
    if (frame.type === 'ticket:note' && frame.note.ticketId === ticketId)
      addTicketNote(queryClient, frame.note)
  })
  return useQuery(getTicketNotesQueryOptions(ticketId))
}
