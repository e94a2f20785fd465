import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ExpiryResult } from '@common/maintenance'
import { apiJson } from '@/lib/api-client'

/** Runs the expiry job now: trials past their duration, subscriptions past their end date. */
export function expireNow(): Promise<ExpiryResult> {
  return apiJson<ExpiryResult>('POST', '/api/maintenance/expire-now')
}

export function useExpireNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: expireNow,
    // Statuses change across lists, stats and revenue: everything on screen is fetched again.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
