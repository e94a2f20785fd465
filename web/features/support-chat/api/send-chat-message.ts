import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChatMessage, SendChatMessageInput } from '@common/support'
import { apiJson } from '@/lib/api-client'
import { addChatMessage } from './get-chat-messages'

/** Posts a message; the server signs admins' messages as the Support Agent. */
export function sendChatMessage(input: SendChatMessageInput): Promise<ChatMessage> {
  return apiJson<ChatMessage>('POST', '/api/chat-messages', input)
}

export function useSendChatMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: (message) => addChatMessage(queryClient, message),
  })
}
