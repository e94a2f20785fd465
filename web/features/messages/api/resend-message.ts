import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OutboxMessage } from '@common/messages'
import { apiJson } from '@/lib/api-client'
import { personMessagesQueryKey } from './get-person-messages'

/** Queues a copy of the message, to go out at once. */
export function resendMessage(messageId: string) {
  return apiJson<OutboxMessage>('POST', `/api/messages/${encodeURIComponent(messageId)}/resend`)
}

export function useResendMessage(personId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personMessagesQueryKey(personId) }),
  })
}
