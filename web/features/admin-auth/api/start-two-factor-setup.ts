import { useMutation } from '@tanstack/react-query'
import type { ConfirmPasswordInput, TwoFactorSetup } from '@common/admin-users'
import { apiJson } from '@/lib/api-client'

/** A new authenticator secret for the signed-in admin; it counts once a code from it is confirmed. */
export function startTwoFactorSetup(input: ConfirmPasswordInput): Promise<TwoFactorSetup> {
  return apiJson<TwoFactorSetup>('POST', '/api/admin/two-factor/setup', input)
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup })
}
