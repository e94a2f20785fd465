import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import {
  accountRenewPath,
  payNowParam,
  renewPlanParam,
  type CustomerAccount,
} from '@common/customer-account'
import { Spinner } from '@/components/ui/spinner'
import { useStartCheckout } from '../api/start-checkout'

/**
 * A reminder's one-tap button (`?renew=1&plan={id}&pay=1`, once signed in): starts that plan's
 * checkout, with BTCPay when it is on, else Stripe, and sends the customer to the provider's page.
 * The `pay` is dropped from the address first, so coming back to this page never starts another;
 * a plan no longer on sale, or a failure, leaves the renew panel open on it to choose again.
 */
export function OneTapCheckout({
  account,
  params,
}: {
  account: CustomerAccount
  params: URLSearchParams
}) {
  const [, navigate] = useLocation()
  const checkout = useStartCheckout()
  const started = useRef(false)
  const plan = account.plans.find((offered) => offered.id === params.get(renewPlanParam))
  const providerIds = account.providers.map((provider) => provider.id)
  const provider = providerIds.includes('btcpay')
    ? 'btcpay'
    : providerIds.includes('stripe')
      ? 'stripe'
      : null
  const isAsked = params.get(payNowParam) === '1' && plan !== undefined && provider !== null

  useEffect(() => {
    if (!isAsked || started.current) return
    started.current = true
    navigate(accountRenewPath(plan.id), { replace: true })
    checkout.mutate(
      { planId: plan.id, provider },
      { onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl) },
    )
  }, [isAsked, plan, provider, navigate, checkout])

  if (checkout.isError) {
    return (
      <p role="alert" className="rounded-lg border border-destructive p-4 text-sm">
        The payment page could not be opened. Choose your plan below to try again.
      </p>
    )
  }
  if (!checkout.isPending && !checkout.isSuccess) return null
  return (
    <p role="status" className="flex items-center gap-2 rounded-lg border p-4 text-sm">
      <Spinner />
      Opening the payment page…
    </p>
  )
}
