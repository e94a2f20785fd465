import { CreditCard, Info } from 'lucide-react'
import { forwardRef, useState } from 'react'
import type { CustomerAccount } from '@common/customer-account'
import { codeRefusalSentence } from '@common/discounts'
import { formatCents } from '@common/money'
import { FormAlert } from '@/components/form-alert'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { formatDate, formatMoneyIn } from '@/lib/format'
import { useQuote } from '../api/get-quote'
import { useStartCheckout } from '../api/start-checkout'
import { RenewTotal } from './renew-total'

type RenewPanelProps = Pick<CustomerAccount, 'plans' | 'providers'> & {
  /**
   * The plan (and term) to start on: one chosen on a plan card, else the one paid for last, or a
   * trial's plan asked for.
   */
  renewPlanId: string | null
  /** The customer came back from a checkout they cancelled. */
  isCancelled: boolean
}

const monthsText = (months: number) => `${months} month${months === 1 ? '' : 's'}`

/** The field's words of a refusal: a code's as a sentence for a person, else the server's. */
function issueOf(error: unknown, path: string, planName: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const message = error.issues.find((issue) => issue.path === path)?.message
  return message && (codeRefusalSentence(message, planName) ?? message)
}

/**
 * Renew in three taps: a plan and term (their own chosen already; every one on sale offered),
 * an optional code, a provider. The total after the code and the new end date show before the
 * provider's page, from the server's quote, which the checkout then charges.
 */
export const RenewPanel = forwardRef<HTMLHeadingElement, RenewPanelProps>(function RenewPanel(
  { plans, providers, renewPlanId, isCancelled },
  headingRef,
) {
  const [planId, setPlanId] = useState(
    plans.find((plan) => plan.id === renewPlanId)?.id ?? plans[0]?.id ?? '',
  )
  const [typedCode, setTypedCode] = useState('')
  const [discountCode, setDiscountCode] = useState('')
  const quote = useQuote({ planId, discountCode })
  const checkout = useStartCheckout()
  const plan = plans.find((each) => each.id === planId)
  const planName = plan?.name ?? ''
  const applyCode = () => setDiscountCode(typedCode.trim().toUpperCase())
  const isCodeApplied = typedCode.trim().toUpperCase() === discountCode

  const codeIssue =
    issueOf(quote.error, 'discountCode', planName) ??
    issueOf(checkout.error, 'discountCode', planName)
  const planIssue =
    issueOf(quote.error, 'planId', planName) ?? issueOf(checkout.error, 'planId', planName)
  const failure =
    checkout.error instanceof ApiError
      ? codeIssue || planIssue
        ? undefined
        : (checkout.error.serverMessage ?? 'Payment could not be started. Please try again.')
      : checkout.error
        ? 'We could not reach the server. Check your connection and try again.'
        : undefined
  const shownQuote = quote.isError ? undefined : quote.data
  const canPay = !!shownQuote && !quote.isFetching && isCodeApplied && !checkout.isPending

  const pay = (provider: RenewPanelProps['providers'][number]['id']) =>
    checkout.mutate(
      { planId, provider, discountCode: discountCode || null },
      // The provider's page, then back to this page with the payment to watch.
      { onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl) },
    )

  return (
    <section aria-labelledby="renew-heading" id="renew" className="scroll-mt-20">
      <SectionCard title="Renew" icon={CreditCard}>
        <h3 id="renew-heading" ref={headingRef} tabIndex={-1} className="sr-only">
          Renew your subscription
        </h3>
        {isCancelled && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border p-3 text-sm"
            data-testid="checkout-cancelled"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            The payment was cancelled and nothing was charged. Choose again whenever you are ready.
          </p>
        )}
        {plans.length === 0 || providers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Paying online is not available right now. Use Get help and we will renew it for you.
          </p>
        ) : (
          <div className="grid gap-5">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Plan</legend>
              {plans.map((offered) => (
                <label
                  key={offered.id}
                  className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border p-4 has-[:checked]:border-primary has-[:checked]:bg-accent"
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      name="plan"
                      value={offered.id}
                      checked={planId === offered.id}
                      onChange={() => setPlanId(offered.id)}
                      className="size-4 shrink-0 accent-(--primary)"
                    />
                    <span className="font-medium">
                      {offered.name} · {monthsText(offered.months)}
                    </span>
                  </span>
                  <span className="font-semibold whitespace-nowrap">
                    {offered.price} {offered.currency}
                  </span>
                </label>
              ))}
              {planIssue && <p className="text-sm text-destructive">{planIssue}</p>}
            </fieldset>
            <FormField id="renew-discount" label="Discount code (optional)" error={codeIssue}>
              {(controlProps) => (
                <div className="flex gap-2">
                  <Input
                    {...controlProps}
                    autoComplete="off"
                    autoCapitalize="characters"
                    value={typedCode}
                    onChange={(event) => setTypedCode(event.target.value)}
                    onBlur={applyCode}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') applyCode()
                    }}
                  />
                  <Button type="button" variant="outline" onClick={applyCode}>
                    Apply
                  </Button>
                </div>
              )}
            </FormField>
            {shownQuote && plan ? (
              <RenewTotal
                total={formatMoneyIn(formatCents(shownQuote.amount), shownQuote.currency)}
                listPrice={formatMoneyIn(formatCents(shownQuote.listAmount), shownQuote.currency)}
                discount={
                  shownQuote.discount > 0
                    ? {
                        code: discountCode,
                        amount: formatMoneyIn(
                          formatCents(shownQuote.discount),
                          shownQuote.currency,
                        ),
                      }
                    : null
                }
                newEnd={formatDate(shownQuote.newEnd)}
                isUpdating={quote.isFetching}
              />
            ) : (
              quote.isPending && planId !== '' && <Spinner label="Working out your total" />
            )}
            <FormAlert message={failure} />
            <div className="grid gap-2 sm:flex sm:flex-wrap">
              {providers.map((provider) => (
                <Button
                  key={provider.id}
                  size="lg"
                  disabled={!canPay}
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
