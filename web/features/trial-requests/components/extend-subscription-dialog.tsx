import { zodResolver } from '@hookform/resolvers/zod'
import { CalendarPlus } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  extendSubscriptionInput,
  type ExtendSubscriptionInput,
} from '@common/subscription-renewals'
import type { TrialRequest } from '@common/trial-requests'
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
import { Spinner } from '@/components/ui/spinner'
import { formatShortDate } from '@/lib/format'
import { randomUuid } from '@/lib/random-uuid'
import { useExtendSubscription, type ExtendValues } from '../api/extend-subscription'

/** 'Extend subscription': months (1–12) and the renewal's price, by the server's own rules. */
export function ExtendSubscriptionDialog({ request }: { request: TrialRequest }) {
  const [isOpen, setIsOpen] = useState(false)
  // One id per opening: a retried submit (a lost answer, a double click) extends once.
  const [requestId, setRequestId] = useState(randomUuid)
  const extend = useExtendSubscription()
  const { register, handleSubmit, reset, formState } = useForm<
    ExtendSubscriptionInput,
    unknown,
    ExtendValues
  >({ resolver: zodResolver(extendSubscriptionInput) })
  const { errors } = formState
  const idPrefix = `extend-${request.id}`
  const end = request.subscriptionEndDate

  const handleOpenChange = (open: boolean) => {
    if (open) {
      reset({ months: '1', price: request.subscriptionPrice ?? '' })
      setRequestId(randomUuid())
    }
    setIsOpen(open)
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
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Extend subscription of ${request.name}`}
          title="Extend subscription"
        >
          <CalendarPlus aria-hidden />
        </Button>
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
            <FormField id={`${idPrefix}-months`} label="Months" error={errors.months?.message}>
              {(controlProps) => (
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={12}
                  step={1}
                  {...controlProps}
                  {...register('months')}
                />
              )}
            </FormField>
            <FormField id={`${idPrefix}-price`} label="Price" error={errors.price?.message}>
              {(controlProps) => (
                <Input inputMode="decimal" {...controlProps} {...register('price')} />
              )}
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={extend.isPending}>
              {extend.isPending ? <Spinner /> : <CalendarPlus aria-hidden />}
              Extend
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
