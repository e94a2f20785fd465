import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { SubscriptionMetrics } from '@common/business-metrics'
import { apiJson } from '@/lib/api-client'
import type { MetricsPeriod } from '../metrics-period'

const query = ({ from, to }: MetricsPeriod) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`

export function getSubscriptionMetrics(
  range: MetricsPeriod,
  signal?: AbortSignal,
): Promise<SubscriptionMetrics> {
  return apiJson<SubscriptionMetrics>(
    'GET',
    `/api/metrics/subscriptions?${query(range)}`,
    undefined,
    signal,
  )
}

/** The same months as a file, for the "Download CSV" link. */
export function subscriptionMetricsCsvUrl(period: MetricsPeriod): string {
  return `/api/metrics/subscriptions.csv?${query(period)}`
}

/** A new period keeps the last one's figures on screen until its own arrive. */
export function getSubscriptionMetricsQueryOptions(range: MetricsPeriod) {
  return queryOptions({
    queryKey: ['subscription-metrics', range.from, range.to],
    queryFn: ({ signal }) => getSubscriptionMetrics(range, signal),
    placeholderData: keepPreviousData,
  })
}

export function useSubscriptionMetrics(range: MetricsPeriod) {
  return useQuery(getSubscriptionMetricsQueryOptions(range))
}
