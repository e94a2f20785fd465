import { CircleAlert, KeyRound } from 'lucide-react'
import { useLocation, useSearch } from 'wouter'
import { accountPaths, payNowParam, renewParam, renewPlanParam } from '@common/customer-account'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { useSignInPreview } from '../api/preview-sign-in'
import { useSignIn } from '../api/sign-in'
import { LinkConfirmation } from './link-confirmation'
import { SignInLinkForm } from './sign-in-link-form'

const isStatus = (error: unknown, status: number) =>
  error instanceof ApiError && error.status === status
const failureText = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? 'Something went wrong. Please try again.')
    : 'We could not reach the server. Check your connection and try again.'
/** Why a link signs no one in (410: expired, used, unknown), as the server words it. */
const linkProblemOf = (error: unknown) => (isStatus(error, 410) ? failureText(error) : null)

/**
 * /account/sign-in?token=…: shows whom the link signs in, and signs in on the customer's click
 * (posted, so mail scanners that open links, even ones that run the page, use nothing up), then
 * opens the page, on the renew panel for "Renew now". A link that expired or was used offers a
 * new one at once.
 */
export function SignInPage() {
  const params = new URLSearchParams(useSearch())
  const token = params.get('token')
  const isRenew = params.has(renewParam)
  const [, navigate] = useLocation()
  const preview = useSignInPreview(token)
  const signIn = useSignIn()

  // "Renew now" opens the renew panel; a one-tap button's plan and pay go along with it.
  const renewQuery = new URLSearchParams(
    [renewParam, renewPlanParam, payNowParam].flatMap((name) => {
      const value = params.get(name)
      return value === null ? [] : [[name, value]]
    }),
  ).toString()
  const openAccount = () =>
    navigate(isRenew ? `${accountPaths.account}?${renewQuery}` : accountPaths.account, {
      replace: true,
    })
  const confirm = () => {
    if (!token || !preview.data) return
    signIn.mutate(
      { token, switchAccount: Boolean(preview.data.signedInAs) },
      {
        // Someone else signed in meanwhile (another tab): the page asks again.
        onError: (error) => {
          if (isStatus(error, 409)) void preview.refetch()
        },
        onSuccess: openAccount,
      },
    )
  }

  // A link that stopped working meanwhile shows as one that never did; a 409 asks again.
  const signInFailure =
    signIn.error && !linkProblemOf(signIn.error) && !isStatus(signIn.error, 409)
      ? failureText(signIn.error)
      : undefined
  const problem = linkProblemOf(signIn.error) ?? (preview.error ? failureText(preview.error) : null)
  const isChecking = Boolean(token) && preview.isPending
  const linkPreview = token && !problem ? preview.data : undefined

  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="flex items-center gap-2 text-2xl font-semibold leading-tight">
            <KeyRound className="size-6 text-primary" aria-hidden />
            {isChecking ? 'Checking your link' : 'Sign in to your account'}
          </h1>
          {!isChecking && !linkPreview && (
            <CardDescription>
              No password: we e-mail you a link that signs you in. It works once, for 30 minutes.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {isChecking ? (
            <p role="status" className="flex items-center gap-3 text-muted-foreground">
              <Spinner label="Checking the link" /> One moment…
            </p>
          ) : linkPreview ? (
            <LinkConfirmation
              preview={linkPreview}
              isSigningIn={signIn.isPending}
              failure={signInFailure}
              onSignIn={confirm}
              onStay={() => navigate(accountPaths.account, { replace: true })}
            />
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
