import { Undo2 } from 'lucide-react'
import { formatCents, toCents } from '@common/money'
import { refundInput, type Payment } from '@common/payments'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { formatMoneyIn } from '@/lib/format'
import { showToast } from '@/lib/toast'
import { useRefundPayment } from '../api/refund-payment'
import { optionalAmount } from '../optional-amount'
import { useMoneyDialogForm } from '../use-money-dialog-form'
import { CheckField } from './check-field'
import { MoneyDialog } from './money-dialog'

// The server's schema; an empty amount means all that is left, so it is left out.
const formSchema = refundInput.extend({ amount: optionalAmount('amount') })

const fields = ['amount', 'reason', 'shortenSubscription'] as const

/** What can still be given back, as wire money. */
const leftOf = (payment: Payment) =>
  formatCents((toCents(payment.amount) ?? 0) - (toCents(payment.refundedAmount) ?? 0))

/**
 * 'Refund' (super admins): Stripe gives the money back itself; BTCPay and manual payments are
 * marked refunded, the money going back by hand. The subscription may be shortened to match.
 */
export function RefundPaymentDialog({ payment }: { payment: Payment }) {
  // One id per refund until it succeeds: a submit retried after a timeout (even from the dialog
  // opened again) is the same refund, and Stripe gives the money back once.
  const dialog = useMoneyDialogForm({
    schema: formSchema,
    fields,
    startValues: () => ({ amount: '', reason: '', shortenSubscription: false }),
    keepsRequestIdUntilSuccess: true,
  })
  const refund = useRefundPayment(payment.id)
  const { register, handleSubmit, formState } = dialog.form
  const { errors } = formState
  const idPrefix = `refund-${payment.id}`
  const left = formatMoneyIn(leftOf(payment), payment.currency)
  const byHand = payment.provider !== 'stripe'

  const handleRefund = handleSubmit((values) =>
    refund.mutate(
      { ...values, requestId: dialog.requestId },
      {
        onSuccess: (changed) => {
          dialog.renewRequestId()
          showToast({
            title: 'Payment refunded',
            description: `${formatMoneyIn(changed.refundedAmount, changed.currency)} refunded in all`,
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
        <Button
          variant="outline"
          size="sm"
          aria-label={`Refund the payment of ${formatMoneyIn(payment.amount, payment.currency)}`}
        >
          <Undo2 aria-hidden />
          Refund
        </Button>
      }
      title="Refund payment"
      description={
        byHand
          ? `The payment is marked refunded; send the money back yourself. Up to ${left} is left.`
          : `Stripe gives the money back to the customer's card. Up to ${left} is left.`
      }
    >
      <form onSubmit={handleRefund} noValidate className="grid gap-4">
        <FormField
          id={`${idPrefix}-amount`}
          label="Amount (optional)"
          error={errors.amount?.message}
          hint={`Leave empty to refund all that is left (${left}).`}
        >
          {(controlProps) => (
            <Input inputMode="decimal" {...controlProps} {...register('amount')} />
          )}
        </FormField>
        <FormField id={`${idPrefix}-reason`} label="Reason" error={errors.reason?.message}>
          {(controlProps) => (
            <Textarea rows={3} maxLength={500} {...controlProps} {...register('reason')} />
          )}
        </FormField>
        <CheckField
          id={`${idPrefix}-shorten`}
          label="Also shorten the subscription"
          hint={`Its end moves back by the refunded share of the ${payment.months} ${payment.months === 1 ? 'month' : 'months'}, and the line on the panel follows.`}
          registration={register('shortenSubscription')}
        />
        <FormAlert message={dialog.failure.message} />
        <DialogFormFooter
          onCancel={dialog.close}
          submitLabel="Refund"
          isPending={refund.isPending}
          icon={<Undo2 aria-hidden />}
        />
      </form>
    </MoneyDialog>
  )
}
