import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EnableTwoFactorInput, RecoveryCodes } from '@common/admin-users'
import { apiJson } from '@/lib/api-client'
import { setSessionTwoFactorEnabled } from './get-admin-session'

/** Turns two-factor sign-in on with a code from the new secret; answers the recovery codes. */
export function enableTwoFactor(input: EnableTwoFactorInput): Promise<RecoveryCodes> {
  return apiJson<RecoveryCodes>('POST', '/api/admin/two-factor/enable', input)
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => setSessionTwoFactorEnabled(queryClient, true),
  })
}
