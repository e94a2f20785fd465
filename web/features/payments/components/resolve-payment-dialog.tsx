import { zodResolver } from '@hookform/resolvers/zod'
import { Gavel } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { resolveInput, type Payment, type ReviewAction } from '@common/payments'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { FormAlert } from '@/components/form-alert'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
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
import { Textarea } from '@/components/ui/textarea'
import { randomUuid } from '@/lib/random-uuid'
import { showToast } from '@/lib/toast'
import { useResolvePayment, type ResolveValues } from '../api/resolve-payment'
import { useFormFailure } from '@/lib/form-failure'
import { formatAmount } from '../payment-labels'

type FormInput = z.input<typeof resolveInput>

const fields = ['action', 'note'] as const

const actionLabels: Record<ReviewAction, string> = {
  accept: 'Accept',
  refund: 'Refund',
  dismiss: 'Dismiss',
}

const doneLabels: Record<ReviewAction, string> = {
  accept: 'Payment accepted',
  refund: 'Payment refunded',
  dismiss: 'Payment dismissed',
}

/** What each choice does to this payment, in words. */
function outcomes(payment: Payment): Record<ReviewAction, string> {
  const received = formatAmount(
    payment.receivedAmount ?? payment.amount,
    payment.receivedCurrency ?? payment.currency,
  )
  return {
    accept: `Settle it as paid at ${received}, the amount received, extending the subscription once.`,
    refund:
      payment.provider === 'stripe'
        ? `Stripe gives ${received} back to the customer's card.`
        : `Mark it refunded; send ${received} back yourself.`,
    dismiss: 'Close it as failed, with your note. Nothing is extended or refunded.',
  }
}

/**
 * 'Resolve' (super admins) on a payment in review: Accept, Refund or Dismiss, with a note for
 * the trail, asked once more before anything happens.
 */
export function ResolvePaymentDialog({ payment }: { payment: Payment }) {
  const [isOpen, setIsOpen] = useState(false)
  const [confirming, setConfirming] = useState<ResolveValues | null>(null)
  // One id per decision until it succeeds: a refund retried after a timeout refunds once.
  const [requestId, setRequestId] = useState(randomUuid)
  const resolve = useResolvePayment(payment.id)
  const { register, handleSubmit, reset, setError, formState } = useForm<
    FormInput,
    unknown,
    ResolveValues
  >({ resolver: zodResolver(resolveInput) })
  const { errors } = formState
  const failure = useFormFailure(setError, fields)
  const idPrefix = `resolve-${payment.id}`
  const words = outcomes(payment)
  const amount = formatAmount(payment.amount, payment.currency)

  const handleOpenChange = (open: boolean) => {
    if (open) {
      reset({ action: 'accept', note: '' })
      failure.clear()
    }
    setIsOpen(open)
  }
  const handleConfirm = () => {
    if (!confirming) return
    resolve.mutate(
      { ...confirming, requestId },
      {
        onSuccess: () => {
          setRequestId(randomUuid())
          showToast({ title: doneLabels[confirming.action] })
          setConfirming(null)
          setIsOpen(false)
        },
        onError: (error) => {
          setConfirming(null)
          failure.handleFailure(error)
        },
      },
    )
  }

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Resolve the payment of ${amount}`}>
          <Gavel aria-hidden />
          Resolve
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resolve payment in review</DialogTitle>
          <DialogDescription>
            {payment.statusReason ?? 'It differs from the order.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit(setConfirming)} noValidate className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">What to do</legend>
            {(Object.keys(actionLabels) as ReviewAction[]).map((action) => (
              <label
                key={action}
                className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  value={action}
                  className="mt-1 accent-primary"
                  {...register('action')}
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{actionLabels[action]}</span>
                  <span className="text-xs text-muted-foreground">{words[action]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <FormField id={`${idPrefix}-note`} label="Note" error={errors.note?.message}>
            {(controlProps) => (
              <Textarea rows={3} maxLength={500} {...controlProps} {...register('note')} />
            )}
          </FormField>
          <FormAlert message={failure.message} />
          <DialogFormFooter
            onCancel={() => setIsOpen(false)}
            submitLabel="Continue"
            isPending={resolve.isPending}
            icon={<Gavel aria-hidden />}
          />
        </form>
        <AlertDialog
          open={confirming !== null}
          onOpenChange={(open) => open || setConfirming(null)}
        >
          <AlertDialogContent>
            {confirming && (
              <>
                <AlertDialogHeader>
                  <AlertDialogTitle>{`${actionLabels[confirming.action]} this payment?`}</AlertDialogTitle>
                  <AlertDialogDescription>
                    {`${words[confirming.action]} Note: ${confirming.note}`}
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Back</AlertDialogCancel>
                  <AlertDialogAction onClick={handleConfirm}>
                    {actionLabels[confirming.action]}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </>
            )}
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  )
}
