import { useMutation } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'

/** An admin e-mails the person a sign-in link to their page. */
export function sendSignInLink(personId: string): Promise<{ message: string }> {
  return apiJson('POST', `/api/trial-requests/${encodeURIComponent(personId)}/sign-in-link`)
}

export function useSendSignInLink(personId: string) {
  return useMutation({ mutationFn: () => sendSignInLink(personId) })
}
