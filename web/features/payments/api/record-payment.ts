import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Payment, recordPaymentInput } from '@common/payments'
import { apiJson } from '@/lib/api-client'
import { refreshPayments } from './get-payments'

export type RecordPaymentValues = z.output<typeof recordPaymentInput>

/** Money received elsewhere: stored as a manual payment and settled at once (extends the subscription). */
export function recordPayment(personId: string, values: RecordPaymentValues): Promise<Payment> {
  return apiJson<Payment>(
    'POST',
    `/api/trial-requests/${encodeURIComponent(personId)}/payments`,
    values,
  )
}

export function useRecordPayment(personId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: RecordPaymentValues) => recordPayment(personId, values),
    onSuccess: () => refreshPayments(queryClient),
  })
}
