import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { discountsQueryKey } from './get-discounts'

export async function deleteDiscount(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/discounts/${encodeURIComponent(id)}`)
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  })
}
