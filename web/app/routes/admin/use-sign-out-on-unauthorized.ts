import { hashKey, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { adminSessionQueryKey, refreshAdminSession } from '@/features/auth/api/get-admin-session'
import { ApiError } from '@/lib/api-client'

/**
 * When the session expires mid-use, any 401 brings back the Admin Access dialog. A 403 reads the
 * session again: the security settings may have started to require two-factor set-up first.
 */
export function useSignOutOnUnauthorized() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return
        const { error } = event.action
        if (!(error instanceof ApiError)) return
        if (error.status === 401) queryClient.setQueryData(adminSessionQueryKey, null)
        const isSessionQuery = event.query.queryHash === hashKey(adminSessionQueryKey)
        if (error.status === 403 && !isSessionQuery) void refreshAdminSession(queryClient)
      }),
    [queryClient],
  )
}
