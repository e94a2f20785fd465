import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PaymentProvidersState } from '@common/payments'
import { apiJson } from '@/lib/api-client'

export function getPaymentProviders(signal?: AbortSignal): Promise<PaymentProvidersState> {
  return apiJson<PaymentProvidersState>('GET', '/api/payments/providers', undefined, signal)
}

/** Which checkouts the server has settings for; read when a pay link is about to be made. */
export function getPaymentProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['subscriptions', 'payment-providers'],
    queryFn: ({ signal }) => getPaymentProviders(signal),
  })
}

export function usePaymentProviders(isEnabled: boolean) {
  return useQuery({ ...getPaymentProvidersQueryOptions(), enabled: isEnabled })
}
