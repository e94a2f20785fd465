import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { plansQueryKey } from './get-plans'

export async function deletePlan(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/plans/${encodeURIComponent(id)}`)
}

export function useDeletePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  })
}
