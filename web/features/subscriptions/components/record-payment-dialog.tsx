import { Banknote } from 'lucide-react'
import { manualMethods, methodLabels, recordPaymentInput, type Payment } from '@common/payments'
import type { Plan } from '@common/plans'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { todayIsoDate } from '@/lib/calendar-date'
import { formatMoneyIn } from '@/lib/format'
import { showToast } from '@/lib/toast'
import { useRecordPayment } from '../api/record-payment'
import { optionalAmount } from '../optional-amount'
import { paidOnDate } from '../paid-on-date'
import { priceFor } from '../plan-terms'
import { recordPaymentStart } from '../record-payment-defaults'
import { useMoneyDialogForm } from '../use-money-dialog-form'
import { MoneyDialog } from './money-dialog'
import { PlanTermFields } from './plan-term-fields'

// The server's schema; a cleared amount means the plan's price, and a cleared date now, so
// both are left out.
const formSchema = recordPaymentInput.extend({
  amount: optionalAmount('amount'),
  paidAt: paidOnDate(),
})

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
  const planOf = (planId: string) => plans.find((candidate) => candidate.id === planId)
  const dialog = useMoneyDialogForm({
    schema: formSchema,
    fields,
    startValues: () => {
      const { planId, months, method } = recordPaymentStart(plans, currentPlan, payments)
      const amount = priceFor(planOf(planId), months)
      return { planId, months, method, reference: '', amount, paidAt: '' }
    },
  })
  const record = useRecordPayment(personId)
  const { register, handleSubmit, setValue, getValues, formState } = dialog.form
  const { errors } = formState
  const idPrefix = `record-payment-${personId}`

  // The amount follows plan and months until the admin types one.
  const handleChoiceChange = () => {
    if (formState.dirtyFields.amount) return
    const { planId, months } = getValues()
    setValue('amount', priceFor(planOf(planId), String(months)))
  }
  const handleRecord = handleSubmit((values) =>
    record.mutate(
      { ...values, requestId: dialog.requestId },
      {
        onSuccess: (payment) => {
          showToast({
            title: 'Payment recorded',
            description: `${formatMoneyIn(payment.amount, payment.currency)} from ${personName}`,
          })
          dialog.close()
        },
        onError: dialog.failure.handleFailure,
      },
    ),
  )

  return (
    <MoneyDialog
      isOpen={dialog.isOpen}
      onOpenChange={dialog.handleOpenChange}
      trigger={
        <Button variant="outline">
          <Banknote aria-hidden />
          Record payment
        </Button>
      }
      title="Record payment"
      description={`Money ${personName} paid outside a checkout. Their subscription is extended by the months, and they get a receipt.`}
    >
      <form onSubmit={handleRecord} noValidate className="grid gap-4">
        <PlanTermFields
          idPrefix={idPrefix}
          plan={{
            label: 'Plan',
            plans,
            valueOf: (plan) => plan.id,
            registration: register('planId', { onChange: handleChoiceChange }),
            error: errors.planId?.message,
          }}
          months={{
            label: 'Months',
            registration: register('months', { onChange: handleChoiceChange }),
            error: errors.months?.message,
          }}
          beside={
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
          }
        />
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
        <FormAlert message={dialog.failure.message} />
        <DialogFormFooter
          onCancel={dialog.close}
          submitLabel="Record payment"
          isPending={record.isPending}
          icon={<Banknote aria-hidden />}
        />
      </form>
    </MoneyDialog>
  )
}
