import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { adminSessionQueryKey } from '@/features/admin-auth/api/get-admin-session'
import { ApiError } from '@/lib/api-client'

/** When the session expires mid-use, any 401 brings back the Admin Access dialog. */
export function useSignOutOnUnauthorized() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return
        const { error } = event.action
        if (error instanceof ApiError && error.status === 401) {
          queryClient.setQueryData(adminSessionQueryKey, null)
        }
      }),
    [queryClient],
  )
}
