import { useQuery } from '@tanstack/react-query'
import type { AccountReceipt } from '@common/customer-account'
import { apiJson } from '@/lib/api-client'

export function getReceipt(paymentId: string, signal?: AbortSignal): Promise<AccountReceipt> {
  return apiJson(
    'GET',
    `/api/account/payments/${encodeURIComponent(paymentId)}/receipt`,
    undefined,
    signal,
  )
}

export function useReceipt(paymentId: string) {
  return useQuery({
    queryKey: ['customer-receipt', paymentId],
    queryFn: ({ signal }) => getReceipt(paymentId, signal),
    retry: false,
  })
}
