import { useMutation } from '@tanstack/react-query'
import type { ConfirmPasswordInput, RecoveryCodes } from '@common/admin-users'
import { apiJson } from '@/lib/api-client'

/** A new set of recovery codes; the previous ones stop working. */
export function replaceRecoveryCodes(input: ConfirmPasswordInput): Promise<RecoveryCodes> {
  return apiJson<RecoveryCodes>('POST', '/api/admin/two-factor/recovery-codes', input)
}

export function useReplaceRecoveryCodes() {
  return useMutation({ mutationFn: replaceRecoveryCodes })
}
