import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SupportTicket, updateTicketInput } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { ticketQueryKey } from './get-ticket'

type TicketChanges = z.input<typeof updateTicketInput>

/** Admin: changes a ticket's status or assignee. */
export function updateTicket(ticketId: string, changes: TicketChanges): Promise<SupportTicket> {
  return apiJson<SupportTicket>(
    'PATCH',
    `/api/support-tickets/${encodeURIComponent(ticketId)}`,
    changes,
  )
}

export function useUpdateTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ticketId, changes }: { ticketId: string; changes: TicketChanges }) =>
      updateTicket(ticketId, changes),
    onSuccess: (ticket) => queryClient.setQueryData(ticketQueryKey(ticket.id), ticket),
  })
}
