import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ConfirmIdentityInput } from '@common/admin-users'
import { apiRequest } from '@/lib/api-client'
import { setSessionTwoFactorEnabled } from './get-admin-session'

export async function disableTwoFactor(input: ConfirmIdentityInput): Promise<void> {
  await apiRequest('POST', '/api/admin/two-factor/disable', input)
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => setSessionTwoFactorEnabled(queryClient, false),
  })
}
