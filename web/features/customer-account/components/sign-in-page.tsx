import { CircleAlert, KeyRound } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { accountPaths, renewParam } from '@common/customer-account'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { useSignIn } from '../api/sign-in'
import { SignInLinkForm } from './sign-in-link-form'

/**
 * /account/sign-in?token=…: posts the link's token once (a GET would let mail scanners use it
 * up), then opens the page, on the renew panel for "Renew now". A link that expired or was used
 * offers a new one at once.
 */
export function SignInPage() {
  const params = new URLSearchParams(useSearch())
  const token = params.get('token')
  const isRenew = params.has(renewParam)
  const [, navigate] = useLocation()
  const signIn = useSignIn()
  const hasPosted = useRef(false)

  useEffect(() => {
    if (!token || hasPosted.current) return
    hasPosted.current = true
    signIn.mutate(token, {
      onSuccess: () =>
        navigate(isRenew ? `${accountPaths.account}?${renewParam}=1` : accountPaths.account, {
          replace: true,
        }),
    })
  }, [token, isRenew, navigate, signIn])

  const problem =
    signIn.error instanceof ApiError
      ? (signIn.error.serverMessage ?? 'This sign-in link does not work.')
      : signIn.error
        ? 'We could not reach the server. Check your connection and try again.'
        : null
  const isWorking = Boolean(token) && !problem

  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="flex items-center gap-2 text-2xl font-semibold leading-tight">
            <KeyRound className="size-6 text-primary" aria-hidden />
            {isWorking ? 'Signing you in' : 'Sign in to your account'}
          </h1>
          {!isWorking && (
            <CardDescription>
              No password: we e-mail you a link that signs you in. It works once, for 30 minutes.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {isWorking ? (
            <p role="status" className="flex items-center gap-3 text-muted-foreground">
              <Spinner label="Signing in" /> One moment…
            </p>
          ) : (
            <>
              {problem && (
                <p
                  role="alert"
                  className="flex items-start gap-3 rounded-lg border border-destructive/40 p-4 text-sm"
                >
                  <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
                  <span>{problem} Enter your e-mail address and we will send you a new one.</span>
                </p>
              )}
              <SignInLinkForm />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
