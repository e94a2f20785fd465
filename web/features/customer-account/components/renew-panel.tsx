import { CreditCard } from 'lucide-react'
import { forwardRef, useState } from 'react'
import type { CustomerAccount } from '@common/customer-account'
import { FormAlert } from '@/components/form-alert'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { useStartCheckout } from '../api/start-checkout'

type RenewPanelProps = Pick<CustomerAccount, 'plans' | 'providers'>

const monthsText = (months: number) => `${months} month${months === 1 ? '' : 's'}`

/**
 * Renew in three taps: a plan (the customer's own is chosen already), an optional code, a
 * provider. The price shown is the plan's; the provider's page shows what is charged after a code.
 */
export const RenewPanel = forwardRef<HTMLHeadingElement, RenewPanelProps>(function RenewPanel(
  { plans, providers },
  headingRef,
) {
  const [planId, setPlanId] = useState(plans[0]?.id ?? '')
  const [discountCode, setDiscountCode] = useState('')
  const checkout = useStartCheckout()
  const fieldIssue = (path: string) =>
    checkout.error instanceof ApiError
      ? checkout.error.issues.find((issue) => issue.path === path)?.message
      : undefined
  const failure =
    checkout.error instanceof ApiError
      ? fieldIssue('discountCode') || fieldIssue('planId')
        ? undefined
        : (checkout.error.serverMessage ?? 'Payment could not be started. Please try again.')
      : checkout.error
        ? 'We could not reach the server. Check your connection and try again.'
        : undefined

  const pay = (provider: RenewPanelProps['providers'][number]['id']) =>
    checkout.mutate(
      { planId, provider, discountCode: discountCode.trim() || null },
      // The provider's page, then back to this page with the payment to watch.
      { onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl) },
    )

  return (
    <section aria-labelledby="renew-heading" id="renew" className="scroll-mt-20">
      <SectionCard title="Renew" icon={CreditCard}>
        <h3 id="renew-heading" ref={headingRef} tabIndex={-1} className="sr-only">
          Renew your subscription
        </h3>
        {plans.length === 0 || providers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Paying online is not available right now. Use Get help and we will renew it for you.
          </p>
        ) : (
          <div className="grid gap-5">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Plan</legend>
              {plans.map((plan) => (
                <label
                  key={plan.id}
                  className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border p-4 has-[:checked]:border-primary has-[:checked]:bg-accent"
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      name="plan"
                      value={plan.id}
                      checked={planId === plan.id}
                      onChange={() => setPlanId(plan.id)}
                      className="size-4 accent-(--primary)"
                    />
                    <span className="font-medium">
                      {plan.name} · {monthsText(plan.months)}
                    </span>
                  </span>
                  <span className="font-semibold whitespace-nowrap">
                    {plan.price} {plan.currency}
                  </span>
                </label>
              ))}
              {fieldIssue('planId') && (
                <p className="text-sm text-destructive">{fieldIssue('planId')}</p>
              )}
            </fieldset>
            <FormField
              id="renew-discount"
              label="Discount code (optional)"
              error={fieldIssue('discountCode')}
            >
              {(controlProps) => (
                <Input
                  {...controlProps}
                  autoComplete="off"
                  autoCapitalize="characters"
                  value={discountCode}
                  onChange={(event) => setDiscountCode(event.target.value)}
                />
              )}
            </FormField>
            <FormAlert message={failure} />
            <div className="grid gap-2 sm:flex sm:flex-wrap">
              {providers.map((provider) => (
                <Button
                  key={provider.id}
                  size="lg"
                  disabled={checkout.isPending || !planId}
                  onClick={() => pay(provider.id)}
                >
                  {checkout.isPending && checkout.variables?.provider === provider.id && (
                    <Spinner label="Opening the payment page" />
                  )}
                  Pay with {provider.name}
                </Button>
              ))}
            </div>
          </div>
        )}
      </SectionCard>
    </section>
  )
})
