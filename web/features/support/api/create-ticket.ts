import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { createTicketInput, SupportTicket } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { ticketQueryKey } from './get-ticket'

export type NewTicket = z.output<typeof createTicketInput>

export function createTicket(input: NewTicket): Promise<SupportTicket> {
  return apiJson<SupportTicket>('POST', '/api/support-tickets', input)
}

export function useCreateTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket) => queryClient.setQueryData(ticketQueryKey(ticket.id), ticket),
  })
}
