import { zodResolver } from '@hookform/resolvers/zod'
import { Undo2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { formatCents, toCents } from '@common/money'
import { refundInput, type Payment } from '@common/payments'
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
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { randomUuid } from '@/lib/random-uuid'
import { showToast } from '@/lib/toast'
import { useRefundPayment, type RefundValues } from '../api/refund-payment'
import { useFormFailure } from '../form-failure'
import { optionalAmount } from '../optional-amount'
import { formatAmount } from '../payment-labels'

// The server's schema; an empty amount means all that is left, so it is left out.
const formSchema = refundInput.extend({ amount: optionalAmount('amount') })
type FormInput = z.input<typeof formSchema>

const fields = ['amount', 'reason', 'shortenSubscription'] as const

/** What can still be given back, as wire money. */
const leftOf = (payment: Payment) =>
  formatCents((toCents(payment.amount) ?? 0) - (toCents(payment.refundedAmount) ?? 0))

/**
 * 'Refund' (super admins): Stripe gives the money back itself; BTCPay and manual payments are
 * marked refunded, the money going back by hand. The subscription may be shortened to match.
 */
export function RefundPaymentDialog({ payment }: { payment: Payment }) {
  const [isOpen, setIsOpen] = useState(false)
  // One id per refund until it succeeds: a submit retried after a timeout (even from the dialog
  // opened again) is the same refund, and Stripe gives the money back once.
  const [requestId, setRequestId] = useState(randomUuid)
  const refund = useRefundPayment(payment.id)
  const { register, handleSubmit, reset, setError, formState } = useForm<
    FormInput,
    unknown,
    RefundValues
  >({ resolver: zodResolver(formSchema) })
  const { errors } = formState
  const failure = useFormFailure(setError, fields)
  const idPrefix = `refund-${payment.id}`
  const left = formatAmount(leftOf(payment), payment.currency)
  const byHand = payment.provider !== 'stripe'

  const handleOpenChange = (open: boolean) => {
    if (open) {
      reset({ amount: '', reason: '', shortenSubscription: false })
      failure.clear()
    }
    setIsOpen(open)
  }
  const handleRefund = handleSubmit((values) =>
    refund.mutate(
      { ...values, requestId },
      {
        onSuccess: (changed) => {
          setRequestId(randomUuid())
          showToast({
            title: 'Payment refunded',
            description: `${formatAmount(changed.refundedAmount, changed.currency)} refunded in all`,
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
        <Button
          variant="outline"
          size="sm"
          aria-label={`Refund the payment of ${formatAmount(payment.amount, payment.currency)}`}
        >
          <Undo2 aria-hidden />
          Refund
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refund payment</DialogTitle>
          <DialogDescription>
            {byHand
              ? `The payment is marked refunded; send the money back yourself. Up to ${left} is left.`
              : `Stripe gives the money back to the customer's card. Up to ${left} is left.`}
          </DialogDescription>
        </DialogHeader>
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
          <div className="flex items-start gap-3">
            <input
              id={`${idPrefix}-shorten`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-describedby={`${idPrefix}-shorten-hint`}
              {...register('shortenSubscription')}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${idPrefix}-shorten`}>Also shorten the subscription</Label>
              <p id={`${idPrefix}-shorten-hint`} className="text-xs text-muted-foreground">
                Its end moves back by the refunded share of the {payment.months}{' '}
                {payment.months === 1 ? 'month' : 'months'}, and the line on the panel follows.
              </p>
            </div>
          </div>
          <FormAlert message={failure.message} />
          <DialogFormFooter
            onCancel={() => setIsOpen(false)}
            submitLabel="Refund"
            isPending={refund.isPending}
            icon={<Undo2 aria-hidden />}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
