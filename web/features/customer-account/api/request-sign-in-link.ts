import { useMutation } from '@tanstack/react-query'
import type { SignInLinkInput } from '@common/customer-account'
import { apiJson } from '@/lib/api-client'

/** E-mails a sign-in link; the answer is the same whether or not the address is known. */
export function requestSignInLink(input: SignInLinkInput): Promise<{ message: string }> {
  return apiJson('POST', '/api/account/sign-in-link', input)
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink })
}
