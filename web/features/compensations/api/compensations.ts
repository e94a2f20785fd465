import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CompensationInput, CompensationProgress } from '@common/compensations'
import { apiJson } from '@/lib/api-client'

const compensationsQueryKey = ['compensations'] as const

/** The five newest compensations with their progress, read again every 2 s while one runs. */
export function useCompensations() {
  return useQuery({
    queryKey: compensationsQueryKey,
    queryFn: ({ signal }) =>
      apiJson<CompensationProgress[]>('GET', '/api/lines/compensations', undefined, signal),
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.status === 'running') ? 2_000 : false,
  })
}

/** Starts one; the server answers at once and works through the subscriptions after. */
export function useStartCompensation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CompensationInput) =>
      apiJson<{ id: string }>('POST', '/api/lines/compensations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: compensationsQueryKey }),
  })
}
