import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminUser } from '@common/admin-users'
import { getQueryFn } from '@/lib/api-client'

export const adminUsersQueryKey = ['admin', 'users'] as const

const fetchAdminUsers = getQueryFn<AdminUser[]>({ on401: 'throw' })

export function getAdminUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return fetchAdminUsers('/api/admin/users', signal)
}

export function getAdminUsersQueryOptions() {
  return queryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ signal }) => getAdminUsers(signal),
    refetchInterval: 30_000,
  })
}

export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions())
}
