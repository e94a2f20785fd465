import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Payment, resolveInput } from '@common/payments'
import { apiJson } from '@/lib/api-client'
import { refreshPayments } from './get-payments'

export type ResolveValues = z.output<typeof resolveInput>

/** Decides a payment in review: accept (settle at what was received), refund or dismiss it. */
export function resolvePayment(paymentId: string, values: ResolveValues): Promise<Payment> {
  return apiJson<Payment>('POST', `/api/payments/${encodeURIComponent(paymentId)}/resolve`, values)
}

export function useResolvePayment(paymentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: ResolveValues) => resolvePayment(paymentId, values),
    onSuccess: () => refreshPayments(queryClient),
  })
}
