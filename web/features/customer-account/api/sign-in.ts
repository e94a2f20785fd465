import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { refreshAccount } from './get-account'

type SignInRequest = { token: string; switchAccount?: boolean }

/**
 * Uses a sign-in link's token, on the customer's click (posted, so a mail scanner opening the
 * link uses nothing up). `switchAccount` confirms signing out the other customer of this browser.
 */
export function signIn(request: SignInRequest): Promise<{ firstName: string }> {
  return apiJson('POST', '/api/account/sign-in', request)
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signIn, onSuccess: () => refreshAccount(queryClient) })
}
