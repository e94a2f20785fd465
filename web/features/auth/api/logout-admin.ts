import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { adminSessionQueryKey } from './get-admin-session'

export async function logoutAdmin(): Promise<void> {
  await apiRequest('POST', '/api/admin/logout')
}

export function useLogoutAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logoutAdmin,
    onSuccess: () => queryClient.setQueryData(adminSessionQueryKey, null),
  })
}
