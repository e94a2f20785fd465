import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch, type Control } from 'react-hook-form'
import { toCents } from '@common/money'
import { billingPeriods, profitMargin } from '@common/plan-rules'
import { FormSwitchField } from '@/components/switch-field'
import { FormField } from '@/components/ui/form-field'
import { WholeNumberField } from '@/components/whole-number-field'
import { Input, moneyInputProps } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { listFieldError } from '@/lib/list-field-error'
import { billingPeriodLabels } from '../billing-period-labels'
import {
  defaultCostPerMonth,
  planFormInput,
  type PlanFormInput,
  type PlanFormValues,
} from '../plan-form'
import { MarginBadge } from './margin-badge'

type PlanFormProps = {
  formId: string
  defaultValues: PlanFormInput
  onSubmit: (values: PlanFormValues) => void
}

/** Read-only and live: the margin the server will compute from price, cost and period. */
function MarginPreview({ control }: { control: Control<PlanFormInput, unknown, PlanFormValues> }) {
  const [price, cost, period] = useWatch({
    control,
    name: ['price', 'costPerMonth', 'billingPeriod'],
  })
  const costCents = toCents(cost?.trim() || defaultCostPerMonth) ?? 0
  const margin = profitMargin(toCents(price) ?? 0, costCents, period ?? 'monthly')
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor="plan-margin">Profit margin</Label>
      <div className="flex min-h-10 items-center gap-2">
        <output id="plan-margin" aria-live="off">
          <MarginBadge margin={margin} />
        </output>
        <span className="text-xs text-muted-foreground">Computed from price, cost and months</span>
      </div>
    </div>
  )
}

/** The plan dialog's fields, validated with planInput. */
export function PlanForm({ formId, defaultValues, onSubmit }: PlanFormProps) {
  const { register, handleSubmit, control, formState } = useForm<
    PlanFormInput,
    unknown,
    PlanFormValues
  >({ resolver: zodResolver(planFormInput), defaultValues })
  const { errors } = formState

  return (
    <form
      id={formId}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Plan"
      className="grid gap-4 sm:grid-cols-2"
    >
      <FormField id="plan-name" label="Name" error={errors.name?.message} className="sm:col-span-2">
        {(props) => <Input autoComplete="off" {...props} {...register('name')} />}
      </FormField>
      <FormField
        id="plan-description"
        label="Description"
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        {(props) => <Textarea rows={2} {...props} {...register('description')} />}
      </FormField>
      <FormField id="plan-price" label="Price" error={errors.price?.message}>
        {(props) => (
          <Input {...moneyInputProps} placeholder="9.99" {...props} {...register('price')} />
        )}
      </FormField>
      <FormField id="plan-cost" label="Cost per month" error={errors.costPerMonth?.message}>
        {(props) => (
          <Input {...moneyInputProps} placeholder="1.50" {...props} {...register('costPerMonth')} />
        )}
      </FormField>
      <FormField id="plan-period" label="Billing period" error={errors.billingPeriod?.message}>
        {(props) => (
          <NativeSelect {...props} {...register('billingPeriod')}>
            {billingPeriods.map((period) => (
              <option key={period} value={period}>
                {billingPeriodLabels[period]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id="plan-currency" label="Currency" error={errors.currency?.message}>
        {(props) => (
          <Input
            maxLength={3}
            autoCapitalize="characters"
            autoComplete="off"
            className="uppercase"
            {...props}
            {...register('currency')}
          />
        )}
      </FormField>
      <WholeNumberField
        id="plan-connections"
        label="Connections"
        hint="Screens that play at once on the line (1 to 10)."
        error={errors.maxConnections?.message}
        min={1}
        max={10}
        registration={register('maxConnections')}
      />
      <WholeNumberField
        id="plan-sort-order"
        label="Sort order"
        error={errors.sortOrder?.message}
        min={0}
        registration={register('sortOrder')}
      />
      <MarginPreview control={control} />
      <FormField
        id="plan-features"
        label="Features"
        hint="One feature per line; blank lines are left out."
        error={listFieldError(errors.features)}
        className="sm:col-span-2"
      >
        {(props) => <Textarea rows={4} {...props} {...register('features')} />}
      </FormField>
      <FormSwitchField
        control={control}
        name="active"
        id="plan-active"
        label="Active"
        description="Active plans are offered on the public site."
      />
    </form>
  )
}
