import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { refreshAccountActivity } from './get-account-activity'

/** An admin ends every session of the person's page. */
export function signOutEverywhere(personId: string): Promise<{ ended: number }> {
  return apiJson('POST', `/api/trial-requests/${encodeURIComponent(personId)}/customer-sign-out`)
}

export function useSignOutEverywhere(personId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => signOutEverywhere(personId),
    onSuccess: () => refreshAccountActivity(queryClient, personId),
  })
}
