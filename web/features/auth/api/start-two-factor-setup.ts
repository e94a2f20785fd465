import { useMutation } from '@tanstack/react-query'
import type { StartTwoFactorSetupInput, TwoFactorSetup } from '@common/admin-users'
import { apiJson } from '@/lib/api-client'

/**
 * A new authenticator secret for the signed-in admin; it counts once a code from it is confirmed.
 * With two-factor on (replacing the app), `code` is a current code or a recovery code.
 */
export function startTwoFactorSetup(input: StartTwoFactorSetupInput): Promise<TwoFactorSetup> {
  return apiJson<TwoFactorSetup>('POST', '/api/admin/two-factor/setup', input)
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup })
}
