import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { AccountQuote, AccountQuoteInput } from '@common/customer-account'
import { apiJson } from '@/lib/api-client'

/** What paying for the plan (with the code) would charge, and the end it would bring. */
export function getQuote(input: AccountQuoteInput): Promise<AccountQuote> {
  return apiJson('POST', '/api/account/quote', input)
}

export function getQuoteQueryOptions(input: { planId: string; discountCode: string }) {
  return queryOptions({
    queryKey: ['account', 'quote', input.planId, input.discountCode],
    queryFn: () => getQuote({ planId: input.planId, discountCode: input.discountCode || null }),
    // A refused code is an answer, not an outage: asked again only when the code changes.
    retry: false,
    staleTime: 60_000,
  })
}

/** The quote of the plan and code chosen; the last one stays on screen while the next loads. */
export function useQuote(input: { planId: string; discountCode: string }) {
  return useQuery({
    ...getQuoteQueryOptions(input),
    enabled: input.planId !== '',
    placeholderData: keepPreviousData,
  })
}
