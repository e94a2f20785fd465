import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminLoginInput, AdminSession } from '@common/admin-users'
import { apiJson } from '@/lib/api-client'
import { adminSessionQueryKey } from './get-admin-session'

export function loginAdmin(input: AdminLoginInput): Promise<AdminSession> {
  return apiJson<AdminSession>('POST', '/api/admin/login', input)
}

export function useLoginAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: loginAdmin,
    onSuccess: (session) => {
      // Data cached for a previous account must never show for this one.
      const sessionHash = hashKey(adminSessionQueryKey)
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash })
      queryClient.setQueryData(adminSessionQueryKey, session)
    },
  })
}
