import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { accountQueryKey, readAccount } from '@/lib/signed-in-customer'

/** `watchedPaymentId`: the payment the customer came back from the provider with. */
export function getAccountQueryOptions(watchedPaymentId: string | null = null) {
  return queryOptions({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => readAccount('/api/account', signal),
    // While that payment is on its way, its settling shows within seconds, without a reload, and
    // so does the card it saves for renewals, which is read from Stripe once the payment settled.
    refetchInterval: (query) => {
      const watched = query.state.data?.payments.find((payment) => payment.id === watchedPaymentId)
      return watched?.status === 'pending' || watched?.isSavingCard ? 2_000 : false
    },
  })
}

/** The signed-in customer's account (null: signed out), polled while a payment settles. */
export function useAccount(watchedPaymentId: string | null = null) {
  return useQuery(getAccountQueryOptions(watchedPaymentId))
}

export function refreshAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountQueryKey })
}
