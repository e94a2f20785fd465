import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
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

/** Reads the session again: what it allows may have changed (security settings, two-factor). */
export function refreshAdminSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminSessionQueryKey })
}

/**
 * Records a change of the admin's two-factor sign-in in the cached session, without reading it
 * again: a forced set-up must stay on screen until its recovery codes have been saved.
 */
export function setSessionTwoFactorEnabled(queryClient: QueryClient, isEnabled: boolean) {
  queryClient.setQueryData<AdminSession | null>(adminSessionQueryKey, (session) =>
    session ? { ...session, user: { ...session.user, twoFactorEnabled: isEnabled } } : session,
  )
}
