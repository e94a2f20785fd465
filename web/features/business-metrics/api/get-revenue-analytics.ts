import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RevenueAnalytics } from '@common/revenue'
import { apiJson } from '@/lib/api-client'

const revenueAnalyticsQueryKey = ['revenue-analytics'] as const

export function getRevenueAnalytics(signal?: AbortSignal): Promise<RevenueAnalytics> {
  return apiJson<RevenueAnalytics>('GET', '/api/revenue-analytics', undefined, signal)
}

/**
 * Every 10 s. Conversions happen on another tab, so opening Financials always asks
 * again rather than first showing figures from the last visit for up to 10 s.
 */
export function getRevenueAnalyticsQueryOptions() {
  return queryOptions({
    queryKey: revenueAnalyticsQueryKey,
    queryFn: ({ signal }) => getRevenueAnalytics(signal),
    refetchInterval: 10_000,
    refetchOnMount: 'always',
  })
}

export function useRevenueAnalytics() {
  return useQuery(getRevenueAnalyticsQueryOptions())
}
