import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminUser, CreateAdminUser } from '@common/admin-users'
import { apiJson } from '@/lib/api-client'
import { adminUsersQueryKey } from './get-admin-users'

export function createAdminUser(input: CreateAdminUser): Promise<AdminUser> {
  return apiJson<AdminUser>('POST', '/api/admin/users', input)
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  })
}
