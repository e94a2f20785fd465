import { zodResolver } from '@hookform/resolvers/zod'
import { Banknote } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { manualMethods, recordPaymentInput, type Payment } from '@common/payments'
import type { Plan } from '@common/plans'
import { renewalPrice } from '@common/subscription-renewals'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { WholeNumberField } from '@/components/whole-number-field'
import { todayIsoDate } from '@/lib/calendar-date'
import { randomUuid } from '@/lib/random-uuid'
import { showToast } from '@/lib/toast'
import { useRecordPayment, type RecordPaymentValues } from '../api/record-payment'
import { useFormFailure } from '../form-failure'
import { optionalAmount } from '../optional-amount'
import { paidOnDate } from '../paid-on-date'
import { recordPaymentStart } from '../record-payment-defaults'
import { formatAmount, methodLabels } from '../payment-labels'

// The server's schema; a cleared amount means the plan's price, and a cleared date now, so
// both are left out.
const formSchema = recordPaymentInput.extend({
  amount: optionalAmount('amount'),
  paidAt: paidOnDate(),
})
type FormInput = z.input<typeof formSchema>

const fields = ['planId', 'months', 'method', 'reference', 'amount', 'paidAt'] as const

type RecordPaymentDialogProps = {
  personId: string
  personName: string
  plans: Plan[]
  /** The plan they pay for (or asked for): the dialog opens on it. */
  currentPlan: string | null
  /** Their payments, newest first: the dialog opens on their last term and method. */
  payments: Payment[]
}

/**
 * 'Record payment': money received elsewhere (cash, a transfer…) with its reference. The server
 * stores it as a manual payment and extends the subscription, once however often it is sent.
 */
export function RecordPaymentDialog({
  personId,
  personName,
  plans,
  currentPlan,
  payments,
}: RecordPaymentDialogProps) {
  const [isOpen, setIsOpen] = useState(false)
  // One id per opening: a retried submit (a lost answer, a double click) records one payment.
  const [requestId, setRequestId] = useState(randomUuid)
  const record = useRecordPayment(personId)
  const { register, handleSubmit, reset, setValue, getValues, setError, formState } = useForm<
    FormInput,
    unknown,
    RecordPaymentValues
  >({ resolver: zodResolver(formSchema) })
  const { errors } = formState
  const failure = useFormFailure(setError, fields)
  const idPrefix = `record-payment-${personId}`

  const priceFor = (planId: string, months: string) => {
    const plan = plans.find((candidate) => candidate.id === planId)
    return (plan && renewalPrice(plan, Number(months))) ?? ''
  }
  const handleOpenChange = (open: boolean) => {
    if (open) {
      const { planId, months, method } = recordPaymentStart(plans, currentPlan, payments)
      reset({
        planId,
        months,
        method,
        reference: '',
        amount: priceFor(planId, months),
        paidAt: '',
      })
      setRequestId(randomUuid())
      failure.clear()
    }
    setIsOpen(open)
  }
  // The amount follows plan and months until the admin types one.
  const handleChoiceChange = () => {
    if (formState.dirtyFields.amount) return
    const { planId, months } = getValues()
    setValue('amount', priceFor(planId, String(months)))
  }
  const handleRecord = handleSubmit((values) =>
    record.mutate(
      { ...values, requestId },
      {
        onSuccess: (payment) => {
          showToast({
            title: 'Payment recorded',
            description: `${formatAmount(payment.amount, payment.currency)} from ${personName}`,
          })
          setIsOpen(false)
        },
        onError: failure.handleFailure,
      },
    ),
  )

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Banknote aria-hidden />
          Record payment
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record payment</DialogTitle>
          <DialogDescription>
            Money {personName} paid outside a checkout. Their subscription is extended by the
            months, and they get a receipt.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={handleRecord} noValidate className="grid gap-4">
          <FormField id={`${idPrefix}-plan`} label="Plan" error={errors.planId?.message}>
            {(controlProps) => (
              <NativeSelect
                {...controlProps}
                {...register('planId', { onChange: handleChoiceChange })}
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
              registration={register('months', { onChange: handleChoiceChange })}
            />
            <FormField id={`${idPrefix}-method`} label="Method" error={errors.method?.message}>
              {(controlProps) => (
                <NativeSelect {...controlProps} {...register('method')}>
                  {manualMethods.map((method) => (
                    <option key={method} value={method}>
                      {methodLabels[method]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <FormField
            id={`${idPrefix}-reference`}
            label="Reference"
            error={errors.reference?.message}
            hint="The transfer's reference, a transaction id, a receipt number: whatever finds it later."
          >
            {(controlProps) => (
              <Input
                autoComplete="off"
                maxLength={200}
                {...controlProps}
                {...register('reference')}
              />
            )}
          </FormField>
          <FormField
            id={`${idPrefix}-amount`}
            label="Amount received (optional)"
            error={errors.amount?.message}
            hint="The plan's price for the months; change it when a different amount arrived."
          >
            {(controlProps) => (
              <Input inputMode="decimal" {...controlProps} {...register('amount')} />
            )}
          </FormField>
          <FormField
            id={`${idPrefix}-paid-at`}
            label="Paid on (optional)"
            error={errors.paidAt?.message}
            hint="Leave empty for today; an earlier day records history in the month it was paid."
          >
            {(controlProps) => (
              <Input type="date" max={todayIsoDate()} {...controlProps} {...register('paidAt')} />
            )}
          </FormField>
          <FormAlert message={failure.message} />
          <DialogFormFooter
            onCancel={() => setIsOpen(false)}
            submitLabel="Record payment"
            isPending={record.isPending}
            icon={<Banknote aria-hidden />}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
