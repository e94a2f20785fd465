import { queryOptions, useQuery } from '@tanstack/react-query'
import { comparePlans } from '@common/plan-rules'
import type { Plan } from '@common/plans'
import { apiJson } from '@/lib/api-client'

export const plansQueryKey = ['plans'] as const

export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiJson<Plan[]>('GET', '/api/plans', undefined, signal)
}

/** What visitors see: active plans only, by sortOrder then price. */
function activePlansInOrder(plans: Plan[]): Plan[] {
  return plans.filter((plan) => plan.active).sort(comparePlans)
}

export function getPlansQueryOptions() {
  return queryOptions({
    queryKey: plansQueryKey,
    queryFn: ({ signal }) => getPlans(signal),
    select: activePlansInOrder,
  })
}

export function usePlans() {
  return useQuery(getPlansQueryOptions())
}
