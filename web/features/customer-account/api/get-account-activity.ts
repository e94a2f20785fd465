import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { AccountActivity } from '@common/customer-account'
import { apiJson } from '@/lib/api-client'

const activityKey = (personId: string) => ['account-activity', personId] as const

/** For admins: when the person last signed in to their page, and what they did there. */
export function getAccountActivity(personId: string, signal?: AbortSignal) {
  return apiJson<AccountActivity>(
    'GET',
    `/api/trial-requests/${encodeURIComponent(personId)}/account-activity`,
    undefined,
    signal,
  )
}

export function useAccountActivity(personId: string) {
  return useQuery({
    queryKey: activityKey(personId),
    queryFn: ({ signal }) => getAccountActivity(personId, signal),
    refetchInterval: 30_000,
  })
}

export const refreshAccountActivity = (queryClient: QueryClient, personId: string) =>
  queryClient.invalidateQueries({ queryKey: activityKey(personId) })
