import { zodResolver } from '@hookform/resolvers/zod'
import { CalendarPlus } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { planPriceLabel, type Plan } from '@common/plans'
import {
  extendSubscriptionInput,
  renewalEnd,
  renewalPrice,
  type ExtendSubscriptionInput,
} from '@common/subscription-renewals'
import type { TrialRequest } from '@common/trial-requests'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { FormField } from '@/components/ui/form-field'
import { WholeNumberField } from '@/components/whole-number-field'
import { Input } from '@/components/ui/input'
import { formatShortDate } from '@/lib/format'
import { randomUuid } from '@/lib/random-uuid'
import { useExtendSubscription, type ExtendValues } from '../api/extend-subscription'
import { ActionTrigger, type ActionDisplay } from './action-trigger'

type ExtendSubscriptionDialogProps = {
  request: TrialRequest
  /** The plans on sale: the paid plan's price, spread over the months chosen, fills the price. */
  plans?: Plan[]
  display?: ActionDisplay
}

/** The new end for the months typed, as the server computes it; null while they are not 1–12. */
function newEndFor(end: string | null, monthsText: string): Date | null {
  const months = Number(monthsText)
  if (!Number.isInteger(months) || months < 1 || months > 12) return null
  return renewalEnd(end ? new Date(end) : null, months, new Date())
}

/**
 * 'Extend subscription': months (1–12) and the renewal's price, by the server's own rules. The
 * price follows the months from the paid plan until the admin types one; the new end shows live.
 */
export function ExtendSubscriptionDialog({
  request,
  plans = [],
  display = 'icon',
}: ExtendSubscriptionDialogProps) {
  const [isOpen, setIsOpen] = useState(false)
  // One id per opening: a retried submit (a lost answer, a double click) extends once.
  const [requestId, setRequestId] = useState(randomUuid)
  const extend = useExtendSubscription()
  const { register, handleSubmit, reset, setValue, control, formState } = useForm<
    ExtendSubscriptionInput,
    unknown,
    ExtendValues
  >({ resolver: zodResolver(extendSubscriptionInput) })
  const { errors } = formState
  const idPrefix = `extend-${request.id}`
  const end = request.subscriptionEndDate
  const plan = plans.find((candidate) => candidate.name === request.paidPlan)
  const priceFor = (months: string) => (plan && renewalPrice(plan, Number(months))) ?? ''
  const newEnd = newEndFor(end, String(useWatch({ control, name: 'months' }) ?? ''))

  const handleOpenChange = (open: boolean) => {
    if (open) {
      reset({ months: '1', price: priceFor('1') })
      setRequestId(randomUuid())
    }
    setIsOpen(open)
  }
  // A price the admin typed stays; otherwise it follows the months.
  const handleMonthsChange = (months: string) => {
    if (!formState.dirtyFields.price) setValue('price', priceFor(months))
  }
  const handleExtend = handleSubmit((values) =>
    extend.mutate(
      { id: request.id, values: { ...values, requestId } },
      { onSuccess: () => setIsOpen(false) },
    ),
  )

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <ActionTrigger
          display={display}
          icon={CalendarPlus}
          label="Extend subscription"
          iconLabel={`Extend subscription of ${request.name}`}
        />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Extend subscription</DialogTitle>
          <DialogDescription>
            {request.name}&apos;s {request.paidPlan} subscription
            {end ? ` ends ${formatShortDate(end)}` : ''}. The months are added to its end, or to
            today once it has ended; the price counts as this month&apos;s revenue.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={handleExtend} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <WholeNumberField
              id={`${idPrefix}-months`}
              label="Months"
              error={errors.months?.message}
              min={1}
              max={12}
              registration={register('months', {
                onChange: (event) => handleMonthsChange(event.target.value),
              })}
            />
            <FormField
              id={`${idPrefix}-price`}
              label="Price"
              error={errors.price?.message}
              hint={
                plan
                  ? `From ${planPriceLabel(plan)}`
                  : `${request.paidPlan} is not on sale: type the price.`
              }
            >
              {(controlProps) => (
                <Input inputMode="decimal" {...controlProps} {...register('price')} />
              )}
            </FormField>
          </div>
          <p aria-live="polite" className="rounded-lg border bg-muted/40 p-3 text-sm">
            {newEnd ? (
              <>
                New end:{' '}
                <time dateTime={newEnd.toISOString()} className="font-medium">
                  {formatShortDate(newEnd.toISOString())}
                </time>
              </>
            ) : (
              'Choose 1 to 12 months to see the new end.'
            )}
          </p>
          <DialogFormFooter
            onCancel={() => setIsOpen(false)}
            submitLabel="Extend"
            isPending={extend.isPending}
            icon={<CalendarPlus aria-hidden />}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
