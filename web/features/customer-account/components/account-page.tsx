import { LogOut, UserRound } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useSearch } from 'wouter'
import {
  cancelledCheckoutParam,
  renewParam,
  renewPlanParam,
  returnedPaymentParam,
  type CustomerAccount,
} from '@common/customer-account'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { useNow } from '@/lib/use-now'
import { useAccount } from '../api/get-account'
import { useSignOut } from '../api/sign-out'
import { AccountWatching } from './account-watching'
import { DeviceGuide } from './device-guide'
import { LineLogin } from './line-login'
import { OneTapCheckout } from './one-tap-checkout'
import { PaymentWatch } from './payment-watch'
import { PaymentsList } from './payments-list'
import { RenewPanel } from './renew-panel'
import { RenewalSection } from './renewal-section'
import { SignInLinkForm } from './sign-in-link-form'
import { SubscriptionStatus } from './subscription-status'

type AccountPageProps = {
  /** "Get help", filled in by web/app with the support feature's form (features stay apart). */
  renderHelp: (person: CustomerAccount['person']) => ReactNode
}

function SignedOut() {
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-semibold leading-tight">Sign in to your account</h1>
        <CardDescription>
          No password: we e-mail you a link that signs you in. It works once, for 30 minutes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SignInLinkForm />
      </CardContent>
    </Card>
  )
}

/** /account: the customer's status, login, setup guide, renewals and receipts, phone first. */
export function AccountPage({ renderHelp }: AccountPageProps) {
  const params = new URLSearchParams(useSearch())
  const watchedPaymentId = params.get(returnedPaymentParam)
  const isRenewAsked = params.has(renewParam)
  const account = useAccount(watchedPaymentId)
  const signOut = useSignOut()
  const now = new Date(useNow(60_000))
  const renewHeading = useRef<HTMLHeadingElement>(null)
  const openRenew = () => {
    renewHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    renewHeading.current?.focus({ preventScroll: true })
  }
  const isLoaded = account.data !== undefined
  useEffect(() => {
    if (isLoaded && isRenewAsked) openRenew()
  }, [isLoaded, isRenewAsked])

  if (account.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8" aria-busy="true">
        <Spinner label="Loading your account" />
        <Skeleton className="h-40" />
        <Skeleton className="h-64" />
      </div>
    )
  }
  if (account.isError) {
    return (
      <p role="alert" className="mx-auto max-w-md px-4 py-10 text-center">
        Your account could not be loaded. Check your connection and reload the page.
      </p>
    )
  }
  const data = account.data
  if (!data) {
    return (
      <div className="px-4 py-10">
        <SignedOut />
      </div>
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-6 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-extrabold">
          <UserRound className="size-6 text-primary" aria-hidden />
          Hi {data.person.firstName}
        </h1>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          <LogOut aria-hidden />
          Sign out
        </Button>
      </header>
      {watchedPaymentId && <PaymentWatch account={data} paymentId={watchedPaymentId} />}
      <OneTapCheckout account={data} params={params} />
      {/* One state of the login: shown, or on its way; the status says "same login" only with one. */}
      <SubscriptionStatus
        subscription={data.subscription}
        hasLogin={data.line !== null}
        now={now}
        onRenew={openRenew}
      />
      {data.line ? (
        <>
          <AccountWatching />
          <LineLogin line={data.line} />
        </>
      ) : (
        <p className="rounded-lg border p-4 text-sm text-muted-foreground">
          Your login appears here as soon as your line is ready; we e-mail it to you too.
        </p>
      )}
      {!data.subscription.isTrial && (
        <RenewalSection
          renewal={data.renewal}
          subscription={data.subscription}
          plans={data.plans}
          hasCards={data.providers.some((provider) => provider.id === 'stripe')}
        />
      )}
      <RenewPanel
        ref={renewHeading}
        plans={data.plans}
        providers={data.providers}
        renewPlanId={
          data.plans.find((plan) => plan.id === params.get(renewPlanParam))?.id ??
          data.subscription.renewPlanId
        }
        isCancelled={params.has(cancelledCheckoutParam)}
      />
      <DeviceGuide />
      <PaymentsList payments={data.payments} />
      {renderHelp(data.person)}
    </div>
  )
}
