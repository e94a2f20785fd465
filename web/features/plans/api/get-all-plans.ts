import { queryOptions, useQuery } from '@tanstack/react-query'
import { getPlans, plansQueryKey } from './get-plans'

/**
 * Every plan, active or not: the server answers a signed-in admin with all of them. Shares the
 * public list's key, so a change here refreshes the plans section too. Polled every 30 s.
 */
export function getAllPlansQueryOptions() {
  return queryOptions({
    queryKey: plansQueryKey,
    queryFn: ({ signal }) => getPlans(signal),
    refetchInterval: 30_000,
  })
}

export function useAllPlans() {
  return useQuery(getAllPlansQueryOptions())
}
