import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminSession } from '@common/admin-users'
import { getQueryFn } from '@/lib/api-client'

export const adminSessionQueryKey = ['admin', 'session'] as const

const fetchSession = getQueryFn<AdminSession>({ on401: 'returnNull' })

/** The signed-in admin, or null when there is no valid session cookie. */
export function getAdminSession(signal?: AbortSignal): Promise<AdminSession | null> {
  return fetchSession('/api/admin/session', signal)
}

export function getAdminSessionQueryOptions() {
  return queryOptions({
    queryKey: adminSessionQueryKey,
    queryFn: ({ signal }) => getAdminSession(signal),
  })
}

export function useAdminSession() {
  return useQuery(getAdminSessionQueryOptions())
}
