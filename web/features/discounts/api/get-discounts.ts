import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Discount } from '@common/discounts'
import { apiJson } from '@/lib/api-client'

export const discountsQueryKey = ['discounts'] as const

/** Every discount, newest first. */
export function getDiscounts(signal?: AbortSignal): Promise<Discount[]> {
  return apiJson<Discount[]>('GET', '/api/discounts', undefined, signal)
}

/** Refreshed every 30 s. */
export function getDiscountsQueryOptions() {
  return queryOptions({
    queryKey: discountsQueryKey,
    queryFn: ({ signal }) => getDiscounts(signal),
    refetchInterval: 30_000,
  })
}

export function useDiscounts() {
  return useQuery(getDiscountsQueryOptions())
}
