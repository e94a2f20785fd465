import { useMutation } from '@tanstack/react-query'
import type { NewPasswordInput } from '@common/admin-users'
import { apiRequest } from '@/lib/api-client'

/** The password of a session opened with a one-time code (after a restore). */
export async function setNewPassword(input: NewPasswordInput): Promise<void> {
  await apiRequest('POST', '/api/admin/new-password', input)
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword })
}
