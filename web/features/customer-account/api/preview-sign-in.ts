import { useQuery } from '@tanstack/react-query'
import type { SignInPreview } from '@common/customer-account'
import { apiJson } from '@/lib/api-client'

/** Whom a link signs in, and who is signed in on this browser; the link stays unused. */
export function useSignInPreview(token: string | null) {
  return useQuery({
    queryKey: ['sign-in-preview', token],
    queryFn: ({ signal }) =>
      apiJson<SignInPreview>('POST', '/api/account/sign-in/preview', { token }, signal),
    enabled: Boolean(token),
    // A link that does not work will not start to on a second try, nor on a return to the tab.
    retry: false,
    staleTime: Infinity,
  })
}
