import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Plan, PlanInput } from '@common/plans'
import { apiJson } from '@/lib/api-client'
import { plansQueryKey } from './get-plans'

/** Replaces the plan's fields; the server computes its profit margin again. */
export function updatePlan(id: string, input: PlanInput): Promise<Plan> {
  return apiJson<Plan>('PUT', `/api/plans/${encodeURIComponent(id)}`, input)
}

export function useUpdatePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PlanInput }) => updatePlan(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  })
}
