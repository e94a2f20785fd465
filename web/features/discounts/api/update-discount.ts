import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Discount, DiscountInput } from '@common/discounts'
import { apiJson } from '@/lib/api-client'
import { discountsQueryKey } from './get-discounts'

/** Replaces the discount's fields; 409 when its new code is another discount's. */
export function updateDiscount(id: string, input: DiscountInput): Promise<Discount> {
  return apiJson<Discount>('PUT', `/api/discounts/${encodeURIComponent(id)}`, input)
}

export function useUpdateDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DiscountInput }) => updateDiscount(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  })
}
