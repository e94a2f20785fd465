import { useMutation } from '@tanstack/react-query'
import type { SetAdminPasswordInput } from '@common/admin-users'
import { apiRequest } from '@/lib/api-client'

/** Another staff account's new password (a super admin's); the server ends its sessions. */
export async function setAdminPassword({ id, ...input }: SetAdminPasswordInput & { id: string }) {
  await apiRequest('PUT', `/api/admin/users/${encodeURIComponent(id)}/password`, input)
}

export function useSetAdminPassword() {
  return useMutation({ mutationFn: setAdminPassword })
}
