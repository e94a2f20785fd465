import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query'
import type { Payment, PaymentListQuery } from '@common/payments'
import { apiPage, type ApiPage } from '@/lib/api-client'

/** Every query of this feature starts with it. */
export const paymentsQueryKey = ['payments'] as const

/** Reads every payment list again (after a payment is recorded, refunded…). */
export function refreshPayments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: paymentsQueryKey })
}

/** The list's filters, as the query string takes them; an absent one selects everything. */
export type PaymentFilters = Pick<
  PaymentListQuery,
  'status' | 'provider' | 'kind' | 'from' | 'to' | 'personId'
>

const pageSize = 25

/** The query string of `filters`, shared by the list and the CSV export. */
export function paymentFilterParams(filters: PaymentFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) {
    if (value) params.set(name, value)
  }
  return params
}

export function getPayments(
  filters: PaymentFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ApiPage<Payment>> {
  const params = paymentFilterParams(filters)
  params.set('limit', String(pageSize))
  if (cursor) params.set('cursor', cursor)
  return apiPage<Payment>(`/api/payments?${params}`, signal)
}

/** Newest first, a page at a time; new filters keep the old rows on screen until they answer. */
export function getPaymentsQueryOptions(filters: PaymentFilters) {
  return infiniteQueryOptions({
    queryKey: [...paymentsQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getPayments(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A customer's checkout settles by itself: pending payments turn paid while the list is open.
    refetchInterval: 15_000,
    placeholderData: keepPreviousData,
  })
}

export function usePayments(filters: PaymentFilters) {
  return useInfiniteQuery(getPaymentsQueryOptions(filters))
}
