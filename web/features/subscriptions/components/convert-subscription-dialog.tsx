import { CreditCard } from 'lucide-react'
import type { Plan } from '@common/plans'
import {
  convertToSubscriptionInput,
  type ConvertToSubscriptionInput,
  type TrialRequest,
} from '@common/trial-requests'
import { ActionTrigger, type ActionDisplay } from '@/components/action-trigger'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { useConvertToSubscription } from '../api/convert-to-subscription'
import { termOf } from '../plan-terms'
import { useMoneyDialogForm } from '../use-money-dialog-form'
import { CheckField } from './check-field'
import { ExistingLineNote, type ExistingLine } from './existing-line-note'
import { MoneyDialog } from './money-dialog'
import { PlanTermFields } from './plan-term-fields'

/** How a conversion treats the person's line on the supplier panel, as web/app knows it. */
export type ConvertLine = {
  /** Whether "Create the line on the panel" starts ticked (the server holds a panel key). */
  isCreatedOnConvert: boolean
  /**
   * A hook reading the person's line while `isEnabled` (the dialog is open): null when they have
   * none, undefined while unknown. The same function on every render.
   */
  useExisting: (personId: string, isEnabled: boolean) => ExistingLine | null | undefined
}

type ConvertSubscriptionDialogProps = {
  request: TrialRequest
  /** The plans on sale; choosing one fills in its months and price. */
  plans: Plan[]
  line: ConvertLine
  display: ActionDisplay
}

/** The plan named on the trial, when it is on sale, with its months and price. */
function startValues(
  request: TrialRequest,
  plans: Plan[],
  createLine: boolean,
): ConvertToSubscriptionInput {
  const plan = plans.find((candidate) => candidate.name === request.plan)
  return plan
    ? {
        paidPlan: plan.name,
        subscriptionMonths: termOf(plan),
        subscriptionPrice: plan.price,
        createLine,
      }
    : { paidPlan: '', subscriptionMonths: '1', subscriptionPrice: '', createLine }
}

/** 'Convert to paid': plan, months (1–12) and price, checked with the server's own rules. */
export function ConvertSubscriptionDialog({
  request,
  plans,
  line,
  display,
}: ConvertSubscriptionDialogProps) {
  const dialog = useMoneyDialogForm({
    schema: convertToSubscriptionInput,
    startValues: () => startValues(request, plans, line.isCreatedOnConvert),
  })
  const { useExisting: useExistingLine } = line
  const existingLine = useExistingLine(request.id, dialog.isOpen)
  const convert = useConvertToSubscription()
  const { register, handleSubmit, setValue, formState } = dialog.form
  const { errors } = formState
  const idPrefix = `convert-${request.id}`

  const handlePlanChange = (name: string) => {
    const plan = plans.find((candidate) => candidate.name === name)
    if (!plan) return
    setValue('subscriptionMonths', termOf(plan))
    setValue('subscriptionPrice', plan.price)
  }

  // A line they have is converted with the subscription: never ask for a second one.
  const handleConvert = handleSubmit((values) =>
    convert.mutate(
      { id: request.id, values: existingLine ? { ...values, createLine: false } : values },
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
          icon={CreditCard}
          label="Convert to paid"
          iconLabel={`Convert ${request.name} to paid`}
        />
      }
      title="Convert to paid subscription"
      description={`${request.name} (${request.subscriptionId}) becomes an active subscriber from today.`}
    >
      <form onSubmit={handleConvert} noValidate className="grid gap-4">
        <PlanTermFields
          idPrefix={idPrefix}
          plan={{
            label: 'Paid plan',
            plans,
            valueOf: (plan) => plan.name,
            registration: register('paidPlan', {
              onChange: (event) => handlePlanChange(event.target.value),
            }),
            error: errors.paidPlan?.message,
          }}
          months={{
            label: 'Duration (months)',
            registration: register('subscriptionMonths'),
            error: errors.subscriptionMonths?.message,
          }}
          price={{
            registration: register('subscriptionPrice'),
            error: errors.subscriptionPrice?.message,
          }}
        />
        {existingLine ? (
          <ExistingLineNote line={existingLine} />
        ) : (
          <CheckField
            id={`${idPrefix}-line`}
            label="Create the line on the panel"
            hint="A paid line ending with the subscription. If the person turns out to have one, it becomes paid instead: no second line is made."
            registration={register('createLine')}
          />
        )}
        <DialogFormFooter
          onCancel={dialog.close}
          submitLabel="Convert"
          isPending={convert.isPending}
          icon={<CreditCard aria-hidden />}
        />
      </form>
    </MoneyDialog>
  )
}
