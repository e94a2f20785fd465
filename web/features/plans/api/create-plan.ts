import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Plan, PlanInput } from '@common/plans'
import { apiJson } from '@/lib/api-client'
import { plansQueryKey } from './get-plans'

export function createPlan(input: PlanInput): Promise<Plan> {
  return apiJson<Plan>('POST', '/api/plans', input)
}

export function useCreatePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  })
}
