import { useMutation } from '@tanstack/react-query'
import type { ChangePasswordInput } from '@common/admin-users'
import { apiRequest } from '@/lib/api-client'

/** Changes the signed-in admin's password; the server ends their other sessions. */
export async function changeAdminPassword(input: ChangePasswordInput): Promise<void> {
  await apiRequest('POST', '/api/admin/password', input)
}

export function useChangeAdminPassword() {
  return useMutation({ mutationFn: changeAdminPassword })
}
