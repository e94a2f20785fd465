import { zodResolver } from '@hookform/resolvers/zod'
import { Link2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm, type UseFormRegisterReturn } from 'react-hook-form'
import type { z } from 'zod'
import { billingMonths } from '@common/plan-rules'
import {
  checkoutInput,
  checkoutProviders,
  type CheckoutAnswer,
  type CheckoutProvider,
} from '@common/payments'
import type { Plan } from '@common/plans'
import { CopyButton } from '@/components/copy-button'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { WholeNumberField } from '@/components/whole-number-field'
import { useCreateCheckout, type CheckoutValues } from '../api/create-checkout'
import { usePaymentProviders } from '../api/get-payment-providers'
import { useFormFailure } from '../form-failure'
import { formatAmount, providerLabels } from '../payment-labels'

type FormInput = z.input<typeof checkoutInput>

const fields = ['planId', 'months', 'discountCode', 'provider'] as const

/** The link made, to send to the customer. */
function CheckoutLink({ answer, onDone }: { answer: CheckoutAnswer; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        The customer pays{' '}
        <strong className="tabular-nums">{formatAmount(answer.amount, answer.currency)}</strong> on
        this page; their subscription is extended as soon as the payment arrives.
      </p>
      <div className="grid gap-2">
        <Label htmlFor="pay-link-url">Pay link</Label>
        <Input
          id="pay-link-url"
          readOnly
          value={answer.checkoutUrl}
          className="font-mono text-xs"
        />
      </div>
      <DialogFooter>
        <CopyButton value={answer.checkoutUrl} copiedDescription="Pay link copied" size="default">
          Copy
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  )
}

type ProviderChoiceProps = {
  id: string
  /** Undefined while it is read, or when it could not be (`isUnknown`). */
  state: Record<CheckoutProvider, boolean> | undefined
  isUnknown: boolean
  error: string | undefined
  registration: UseFormRegisterReturn
}

/** The configured providers to choose from; an unconfigured one says so instead. */
function ProviderChoice({ id, state, isUnknown, error, registration }: ProviderChoiceProps) {
  const off = checkoutProviders.filter((provider) => state && !state[provider])
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Pay with</legend>
      {!state && (
        <p className="text-sm text-muted-foreground" role="status">
          {isUnknown
            ? 'Could not read which providers are configured.'
            : 'Reading which providers are configured…'}
        </p>
      )}
      {checkoutProviders
        .filter((provider) => state?.[provider])
        .map((provider) => (
          <label key={provider} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              value={provider}
              className="size-4 accent-primary"
              {...registration}
            />
            {providerLabels[provider]}
          </label>
        ))}
      {off.map((provider) => (
        <p key={provider} className="text-sm text-muted-foreground">
          {providerLabels[provider]} is not configured.
        </p>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}

type PayLinkDialogProps = { personId: string; personName: string; plans: Plan[] }

/**
 * 'Pay link': a checkout page with Stripe or BTCPay Server for the plan and months, to send the
 * customer. Only providers the server has settings for are offered.
 */
export function PayLinkDialog({ personId, personName, plans }: PayLinkDialogProps) {
  const [isOpen, setIsOpen] = useState(false)
  const [answer, setAnswer] = useState<CheckoutAnswer | null>(null)
  const providers = usePaymentProviders(isOpen)
  const checkout = useCreateCheckout(personId)
  const { register, handleSubmit, reset, setValue, getValues, setError, formState } = useForm<
    FormInput,
    unknown,
    CheckoutValues
  >({ resolver: zodResolver(checkoutInput) })
  const { errors } = formState
  const failure = useFormFailure(setError, fields)
  const idPrefix = `pay-link-${personId}`
  const state = providers.data
  const isNoneConfigured = state !== undefined && !checkoutProviders.some((p) => state[p])
  const firstConfigured = checkoutProviders.find((provider) => state?.[provider])

  const monthsOf = (planId: string) => {
    const plan = plans.find((candidate) => candidate.id === planId)
    return plan ? String(billingMonths[plan.billingPeriod]) : '1'
  }
  const handleOpenChange = (open: boolean) => {
    if (open) {
      const planId = plans[0]?.id ?? ''
      reset({ planId, months: monthsOf(planId), discountCode: '', provider: firstConfigured })
      setAnswer(null)
      failure.clear()
    }
    setIsOpen(open)
  }
  const handleCreate = handleSubmit((values) =>
    checkout.mutate(values, { onSuccess: setAnswer, onError: failure.handleFailure }),
  )
  // The providers' state arrives after opening: the first configured one is chosen then.
  useEffect(() => {
    if (isOpen && firstConfigured && !getValues('provider')) setValue('provider', firstConfigured)
  }, [isOpen, firstConfigured, getValues, setValue])

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Link2 aria-hidden />
          Pay link
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pay link</DialogTitle>
          <DialogDescription>
            A checkout page for {personName}. Once they pay, their subscription is extended by
            itself and a receipt is sent.
          </DialogDescription>
        </DialogHeader>
        {answer ? (
          <CheckoutLink answer={answer} onDone={() => setIsOpen(false)} />
        ) : (
          <form onSubmit={handleCreate} noValidate className="grid gap-4">
            <FormField id={`${idPrefix}-plan`} label="Plan" error={errors.planId?.message}>
              {(controlProps) => (
                <NativeSelect
                  {...controlProps}
                  {...register('planId', {
                    onChange: (event) => setValue('months', monthsOf(event.target.value)),
                  })}
                >
                  <option value="">Choose a plan</option>
                  {plans.map((plan) => (
                    <option key={plan.id} value={plan.id}>
                      {plan.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <WholeNumberField
                id={`${idPrefix}-months`}
                label="Months"
                error={errors.months?.message}
                min={1}
                max={12}
                registration={register('months')}
              />
              <FormField
                id={`${idPrefix}-discount`}
                label="Discount code (optional)"
                error={errors.discountCode?.message}
              >
                {(controlProps) => (
                  <Input
                    autoCapitalize="characters"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={50}
                    {...controlProps}
                    {...register('discountCode')}
                  />
                )}
              </FormField>
            </div>
            <ProviderChoice
              id={`${idPrefix}-provider`}
              state={state}
              isUnknown={providers.isError}
              error={errors.provider?.message}
              registration={register('provider')}
            />
            <FormAlert message={failure.message} />
            {isNoneConfigured ? (
              <>
                <FormAlert message="No checkout is configured: pay links need Stripe's or BTCPay Server's settings on the server. Record payments received elsewhere instead." />
                <DialogFooter>
                  <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
                    Close
                  </Button>
                </DialogFooter>
              </>
            ) : (
              <DialogFormFooter
                onCancel={() => setIsOpen(false)}
                submitLabel="Create pay link"
                isPending={checkout.isPending}
                icon={<Link2 aria-hidden />}
              />
            )}
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
