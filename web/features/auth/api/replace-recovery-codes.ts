import { useMutation } from '@tanstack/react-query'
import type { ConfirmIdentityInput, RecoveryCodes } from '@common/admin-users'
import { apiJson } from '@/lib/api-client'

/** A new set of recovery codes; the previous ones stop working. */
export function replaceRecoveryCodes(input: ConfirmIdentityInput): Promise<RecoveryCodes> {
  return apiJson<RecoveryCodes>('POST', '/api/admin/two-factor/recovery-codes', input)
}

export function useReplaceRecoveryCodes() {
  return useMutation({ mutationFn: replaceRecoveryCodes })
}
