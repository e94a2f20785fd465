import { Link2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { checkoutInput, checkoutProviders, type CheckoutAnswer } from '@common/payments'
import type { Plan } from '@common/plans'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { useCreateCheckout } from '../api/create-checkout'
import { usePaymentProviders } from '../api/get-payment-providers'
import { termOf } from '../plan-terms'
import { useMoneyDialogForm } from '../use-money-dialog-form'
import { CheckoutLink } from './checkout-link'
import { MoneyDialog } from './money-dialog'
import { PlanTermFields } from './plan-term-fields'
import { ProviderChoice } from './provider-choice'

const fields = ['planId', 'months', 'discountCode', 'provider'] as const

type PayLinkDialogProps = { personId: string; personName: string; plans: Plan[] }

/**
 * 'Pay link': a checkout page with Stripe or BTCPay Server for the plan and months, to send the
 * customer. Only providers the server has settings for are offered.
 */
export function PayLinkDialog({ personId, personName, plans }: PayLinkDialogProps) {
  const [answer, setAnswer] = useState<CheckoutAnswer | null>(null)
  const monthsOf = (planId: string) => {
    const plan = plans.find((candidate) => candidate.id === planId)
    return plan ? termOf(plan) : '1'
  }
  const dialog = useMoneyDialogForm({
    schema: checkoutInput,
    fields,
    startValues: () => {
      const planId = plans[0]?.id ?? ''
      return { planId, months: monthsOf(planId), discountCode: '', provider: firstConfigured }
    },
  })
  const providers = usePaymentProviders(dialog.isOpen)
  const checkout = useCreateCheckout(personId)
  const { register, handleSubmit, setValue, getValues, formState } = dialog.form
  const { errors } = formState
  const idPrefix = `pay-link-${personId}`
  const state = providers.data
  const isNoneConfigured = state !== undefined && !checkoutProviders.some((p) => state[p])
  const firstConfigured = checkoutProviders.find((provider) => state?.[provider])

  const handleOpenChange = (open: boolean) => {
    if (open) setAnswer(null)
    dialog.handleOpenChange(open)
  }
  const handleCreate = handleSubmit((values) =>
    checkout.mutate(values, { onSuccess: setAnswer, onError: dialog.failure.handleFailure }),
  )
  // The providers' state arrives after opening: the first configured one is chosen then.
  const { isOpen } = dialog
  useEffect(() => {
    if (isOpen && firstConfigured && !getValues('provider')) setValue('provider', firstConfigured)
  }, [isOpen, firstConfigured, getValues, setValue])

  return (
    <MoneyDialog
      isOpen={dialog.isOpen}
      onOpenChange={handleOpenChange}
      trigger={
        <Button variant="outline">
          <Link2 aria-hidden />
          Pay link
        </Button>
      }
      title="Pay link"
      description={`A checkout page for ${personName}. Once they pay, their subscription is extended by itself and a receipt is sent.`}
    >
      {answer ? (
        <CheckoutLink answer={answer} onDone={dialog.close} />
      ) : (
        <form onSubmit={handleCreate} noValidate className="grid gap-4">
          <PlanTermFields
            idPrefix={idPrefix}
            plan={{
              label: 'Plan',
              plans,
              valueOf: (plan) => plan.id,
              registration: register('planId', {
                onChange: (event) => setValue('months', monthsOf(event.target.value)),
              }),
              error: errors.planId?.message,
            }}
            months={{
              label: 'Months',
              registration: register('months'),
              error: errors.months?.message,
            }}
            discount={{
              registration: register('discountCode'),
              error: errors.discountCode?.message,
            }}
          />
          <ProviderChoice
            id={`${idPrefix}-provider`}
            state={state}
            isUnknown={providers.isError}
            error={errors.provider?.message}
            registration={register('provider')}
          />
          <FormAlert message={dialog.failure.message} />
          {isNoneConfigured ? (
            <>
              <FormAlert message="No checkout is configured: pay links need Stripe's or BTCPay Server's settings on the server. Record payments received elsewhere instead." />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={dialog.close}>
                  Close
                </Button>
              </DialogFooter>
            </>
          ) : (
            <DialogFormFooter
              onCancel={dialog.close}
              submitLabel="Create pay link"
              isPending={checkout.isPending}
              icon={<Link2 aria-hidden />}
            />
          )}
        </form>
      )}
    </MoneyDialog>
  )
}
