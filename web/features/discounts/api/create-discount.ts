import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Discount, DiscountInput } from '@common/discounts'
import { apiJson } from '@/lib/api-client'
import { discountsQueryKey } from './get-discounts'

/** Answers 409 when another discount has the same code. */
export function createDiscount(input: DiscountInput): Promise<Discount> {
  return apiJson<Discount>('POST', '/api/discounts', input)
}

export function useCreateDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  })
}
