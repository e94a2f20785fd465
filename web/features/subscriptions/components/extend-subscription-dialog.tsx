import { CalendarPlus } from 'lucide-react'
import { useWatch } from 'react-hook-form'
import { planPriceLabel, type Plan } from '@common/plans'
import { extendSubscriptionInput, renewalEnd } from '@common/subscription-renewals'
import type { TrialRequest } from '@common/trial-requests'
import { ActionTrigger, type ActionDisplay } from '@/components/action-trigger'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { formatShortDate } from '@/lib/format'
import { useExtendSubscription } from '../api/extend-subscription'
import { priceFor } from '../plan-terms'
import { useMoneyDialogForm } from '../use-money-dialog-form'
import { MoneyDialog } from './money-dialog'
import { PlanTermFields } from './plan-term-fields'

type ExtendSubscriptionDialogProps = {
  request: TrialRequest
  /** The plans on sale: the paid plan's price, spread over the months chosen, fills the price. */
  plans: Plan[]
  display: ActionDisplay
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
  plans,
  display,
}: ExtendSubscriptionDialogProps) {
  const plan = plans.find((candidate) => candidate.name === request.paidPlan)
  const dialog = useMoneyDialogForm({
    schema: extendSubscriptionInput,
    startValues: () => ({ months: '1', price: priceFor(plan, '1') }),
  })
  const extend = useExtendSubscription()
  const { register, handleSubmit, setValue, control, formState } = dialog.form
  const { errors } = formState
  const end = request.subscriptionEndDate
  const newEnd = newEndFor(end, String(useWatch({ control, name: 'months' }) ?? ''))

  // A price the admin typed stays; otherwise it follows the months.
  const handleMonthsChange = (months: string) => {
    if (!formState.dirtyFields.price) setValue('price', priceFor(plan, months))
  }
  const handleExtend = handleSubmit((values) =>
    extend.mutate(
      { id: request.id, values: { ...values, requestId: dialog.requestId } },
      { onSuccess: dialog.close },
    ),
  )

  return (
    <MoneyDialog
      isOpen={dialog.isOpen}
      onOpenChange={dialog.handleOpenChange}
      trigger={
        <ActionTrigger
          display={display}
          icon={CalendarPlus}
          label="Extend subscription"
          iconLabel={`Extend subscription of ${request.name}`}
        />
      }
      title="Extend subscription"
      description={
        <>
          {request.name}&apos;s {request.paidPlan} subscription
          {end ? ` ends ${formatShortDate(end)}` : ''}. The months are added to its end, or to today
          once it has ended; the price counts as this month&apos;s revenue.
        </>
      }
    >
      <form onSubmit={handleExtend} noValidate className="grid gap-4">
        <PlanTermFields
          idPrefix={`extend-${request.id}`}
          months={{
            label: 'Months',
            registration: register('months', {
              onChange: (event) => handleMonthsChange(event.target.value),
            }),
            error: errors.months?.message,
          }}
          price={{
            registration: register('price'),
            error: errors.price?.message,
            hint: plan
              ? `From ${planPriceLabel(plan)}`
              : `${request.paidPlan} is not on sale: type the price.`,
          }}
        />
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
          onCancel={dialog.close}
          submitLabel="Extend"
          isPending={extend.isPending}
          icon={<CalendarPlus aria-hidden />}
        />
      </form>
    </MoneyDialog>
  )
}
