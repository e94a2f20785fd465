import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminUser } from '@common/admin-users'
import { apiJson } from '@/lib/api-client'

/** The admins a chat can be assigned to: every active account, by username. */
export async function getSupportAgents(signal?: AbortSignal): Promise<string[]> {
  const admins = await apiJson<AdminUser[]>('GET', '/api/admin/users', undefined, signal)
  return admins
    .filter((admin) => admin.active)
    .map((admin) => admin.username)
    .sort((a, b) => a.localeCompare(b))
}

export function getSupportAgentsQueryOptions() {
  return queryOptions({
    queryKey: ['support-agents'] as const,
    queryFn: ({ signal }) => getSupportAgents(signal),
    staleTime: 5 * 60_000,
  })
}

/** `enabled`: the signed-in staff member may read the staff list (GET /api/admin/users: admins). */
export function useSupportAgents(enabled: boolean) {
  return useQuery({ ...getSupportAgentsQueryOptions(), enabled })
}
