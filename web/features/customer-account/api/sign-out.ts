import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { accountQueryKey } from '@/lib/signed-in-customer'

export async function signOut(): Promise<void> {
  await apiRequest('POST', '/api/account/sign-out')
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => queryClient.setQueryData(accountQueryKey, null),
  })
}
