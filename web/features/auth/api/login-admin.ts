import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { twoFactorChallenge, type AdminLoginInput, type AdminUser } from '@common/admin-users'
import { ApiError, apiJson } from '@/lib/api-client'
import { adminSessionQueryKey, getAdminSession } from './get-admin-session'

export function loginAdmin(input: AdminLoginInput): Promise<{ user: AdminUser }> {
  return apiJson<{ user: AdminUser }>('POST', '/api/admin/login', input)
}

/** True when the password was right and the account asks for its second factor (or a new one). */
export function isTwoFactorChallenge(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    twoFactorChallenge.safeParse(error.body).success
  )
}

export function useLoginAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    // The login answers only the user; the session also says whether two-factor set-up must come
    // first, and the Business Center must not show for a moment before that is known.
    mutationFn: async (input: AdminLoginInput) => {
      await loginAdmin(input)
      return getAdminSession()
    },
    onSuccess: (session) => {
      // Data cached for a previous account must never show for this one.
      const sessionHash = hashKey(adminSessionQueryKey)
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash })
      queryClient.setQueryData(adminSessionQueryKey, session)
    },
  })
}
