import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { refreshAccount } from './get-account'

/** Uses a sign-in link's token (posted, so a mail scanner opening the link uses nothing up). */
export function signIn(token: string): Promise<{ firstName: string }> {
  return apiJson('POST', '/api/account/sign-in', { token })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signIn, onSuccess: () => refreshAccount(queryClient) })
}
