import { useMutation } from '@tanstack/react-query'
import type { TestSendInput } from '@common/messages'
import { apiJson } from '@/lib/api-client'

/** Sends the words now, with sample values, to the address typed. */
export function sendTestMessage(input: TestSendInput) {
  return apiJson<{ sent: true }>('POST', '/api/messages/test', input)
}

export function useSendTestMessage() {
  return useMutation({ mutationFn: sendTestMessage })
}
