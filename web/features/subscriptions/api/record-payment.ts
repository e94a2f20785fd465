import type { z } from 'zod'
import type { Payment, recordPaymentInput } from '@common/payments'
import { apiJson } from '@/lib/api-client'
import { usePaymentChange } from './subscription-change'

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
  return usePaymentChange((values: RecordPaymentValues) => recordPayment(personId, values))
}
