import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { adminUsersQueryKey } from './get-admin-users'

export async function deleteAdminUser(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(id)}`)
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  })
}
