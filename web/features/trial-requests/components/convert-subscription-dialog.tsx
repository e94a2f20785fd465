import { zodResolver } from '@hookform/resolvers/zod'
import { CreditCard, Tv } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { billingMonths } from '@common/plan-rules'
import type { Plan } from '@common/plans'
import {
  convertToSubscriptionInput,
  type ConvertToSubscriptionInput,
  type TrialRequest,
} from '@common/trial-requests'
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
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { useConvertToSubscription, type SubscriptionValues } from '../api/convert-to-subscription'
import { useContactExtensions, useExistingLine, type ExistingLine } from '../contact-extensions'
import { ActionTrigger, type ActionDisplay } from './action-trigger'

type ConvertSubscriptionDialogProps = {
  request: TrialRequest
  /** The plans on sale; choosing one fills in its months and price. */
  plans: Plan[]
  display?: ActionDisplay
}

/** The plan named on the trial, when it is on sale, with its months and price. */
function initialValues(
  request: TrialRequest,
  plans: Plan[],
  createLine: boolean,
): ConvertToSubscriptionInput {
  const plan = plans.find((candidate) => candidate.name === request.plan)
  return plan
    ? {
        paidPlan: plan.name,
        subscriptionMonths: String(billingMonths[plan.billingPeriod]),
        subscriptionPrice: plan.price,
        createLine,
      }
    : { paidPlan: '', subscriptionMonths: '1', subscriptionPrice: '', createLine }
}

/** The person's line is converted with them: said instead of offering to create one. */
function ExistingLineNote({ line }: { line: ExistingLine }) {
  return (
    <p className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <Tv className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        Their {line.isTrial ? 'trial line' : 'line'}{' '}
        <code className="font-mono">{line.username}</code> becomes a paid line ending with the
        subscription
        {line.status === 'disabled' ? ', and is enabled again' : ''}. No second line is made.
      </span>
    </p>
  )
}

/** 'Convert to paid': plan, months (1–12) and price, checked with the server's own rules. */
export function ConvertSubscriptionDialog({
  request,
  plans,
  display = 'icon',
}: ConvertSubscriptionDialogProps) {
  const [isOpen, setIsOpen] = useState(false)
  const { isLineCreatedOnConvert } = useContactExtensions()
  const existingLine = useExistingLine(request.id, isOpen)
  const convert = useConvertToSubscription()
  const { register, handleSubmit, setValue, reset, formState } = useForm<
    ConvertToSubscriptionInput,
    unknown,
    SubscriptionValues
  >({ resolver: zodResolver(convertToSubscriptionInput) })
  const { errors } = formState
  const idPrefix = `convert-${request.id}`

  const handleOpenChange = (open: boolean) => {
    if (open) reset(initialValues(request, plans, isLineCreatedOnConvert))
    setIsOpen(open)
  }

  const handlePlanChange = (name: string) => {
    const plan = plans.find((candidate) => candidate.name === name)
    if (!plan) return
    setValue('subscriptionMonths', String(billingMonths[plan.billingPeriod]))
    setValue('subscriptionPrice', plan.price)
  }

  // A line they have is converted with the subscription: never ask for a second one.
  const handleConvert = handleSubmit((values) =>
    convert.mutate(
      { id: request.id, values: existingLine ? { ...values, createLine: false } : values },
      { onSuccess: () => setIsOpen(false) },
    ),
  )

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <ActionTrigger
          display={display}
          icon={CreditCard}
          label="Convert to paid"
          iconLabel={`Convert ${request.name} to paid`}
        />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Convert to paid subscription</DialogTitle>
          <DialogDescription>
            {request.name} ({request.subscriptionId}) becomes an active subscriber from today.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={handleConvert} noValidate className="grid gap-4">
          <FormField id={`${idPrefix}-plan`} label="Paid plan" error={errors.paidPlan?.message}>
            {(controlProps) => (
              <NativeSelect
                {...controlProps}
                {...register('paidPlan', {
                  onChange: (event) => handlePlanChange(event.target.value),
                })}
              >
                <option value="">Choose a plan</option>
                {plans.map((plan) => (
                  <option key={plan.id} value={plan.name}>
                    {plan.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <WholeNumberField
              id={`${idPrefix}-months`}
              label="Duration (months)"
              error={errors.subscriptionMonths?.message}
              min={1}
              max={12}
              registration={register('subscriptionMonths')}
            />
            <FormField
              id={`${idPrefix}-price`}
              label="Price"
              error={errors.subscriptionPrice?.message}
            >
              {(controlProps) => (
                <Input inputMode="decimal" {...controlProps} {...register('subscriptionPrice')} />
              )}
            </FormField>
          </div>
          {existingLine ? (
            <ExistingLineNote line={existingLine} />
          ) : (
            <div className="flex items-start gap-3">
              <input
                id={`${idPrefix}-line`}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-describedby={`${idPrefix}-line-hint`}
                {...register('createLine')}
              />
              <div className="grid gap-1">
                <Label htmlFor={`${idPrefix}-line`}>Create the line on the panel</Label>
                <p id={`${idPrefix}-line-hint`} className="text-xs text-muted-foreground">
                  A paid line ending with the subscription. If the person turns out to have one, it
                  becomes paid instead: no second line is made.
                </p>
              </div>
            </div>
          )}
          <DialogFormFooter
            onCancel={() => setIsOpen(false)}
            submitLabel="Convert"
            isPending={convert.isPending}
            icon={<CreditCard aria-hidden />}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}
