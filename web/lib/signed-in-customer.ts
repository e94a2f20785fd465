import { useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { CustomerAccount } from '@common/customer-account'
import { signedInHintCookie } from '@common/signed-in-hint'
import { getQueryFn } from '@/lib/api-client'

/** The signed-in customer's account, one cache entry for the header and the account page. */
export const accountQueryKey = ['customer-account'] as const

/** Null when nobody is signed in (401): the page then offers to e-mail a sign-in link. */
export const readAccount = getQueryFn<CustomerAccount>({ on401: 'returnNull' })

const subscribeToNothing = () => () => {}
const hasSignedInHint = () =>
  document.cookie.split('; ').some((pair) => pair.startsWith(`${signedInHintCookie}=`))

/**
 * Whether a customer is signed in on this browser. The public HTML is the same for everyone
 * (and cached), so the server renders "signed out"; once hydrated, the session's readable hint
 * cookie says to ask the account, and only its visitors ask. Re-read on every render: a sign-in
 * or sign-out on /account changes it without a reload.
 */
export function useIsSignedInCustomer(): boolean {
  const mayBeSignedIn = useSyncExternalStore(subscribeToNothing, hasSignedInHint, () => false)
  const account = useQuery({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => readAccount('/api/account', signal),
    enabled: mayBeSignedIn,
  })
  // While the answer is on its way the hint stands: "My account" shows at once.
  return mayBeSignedIn && account.data !== null
}
