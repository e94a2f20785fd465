import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { discountInput, type DiscountInput, type DiscountValues } from '@common/discounts'
import { FormSwitchField } from '@/components/switch-field'
import { FormField } from '@/components/ui/form-field'
import { Input, moneyInputProps } from '@/components/ui/input'
import { ApplicablePlansField } from './applicable-plans-field'

type DiscountFormProps = {
  formId: string
  defaultValues: DiscountInput
  planNames: string[] | undefined
  /** `setCodeError` shows the server's refusal of a duplicate code on the code field. */
  onSubmit: (values: DiscountValues, setCodeError: (message: string) => void) => void
}

/** The discount dialog's fields, validated with discountInput. */
export function DiscountForm({ formId, defaultValues, planNames, onSubmit }: DiscountFormProps) {
  const { register, handleSubmit, control, setError, formState } = useForm<
    DiscountInput,
    unknown,
    DiscountValues
  >({ resolver: zodResolver(discountInput), defaultValues })
  const { errors } = formState

  const handleSave = handleSubmit((values) =>
    onSubmit(values, (message) => setError('code', { message }, { shouldFocus: true })),
  )

  return (
    <form
      id={formId}
      onSubmit={handleSave}
      noValidate
      aria-label="Discount"
      className="grid gap-4 sm:grid-cols-2"
    >
      <FormField id="discount-name" label="Name" error={errors.name?.message}>
        {(props) => <Input autoComplete="off" {...props} {...register('name')} />}
      </FormField>
      <FormField
        id="discount-code"
        label="Code (optional)"
        hint="Letters, digits, - and _; saved in capitals."
        error={errors.code?.message}
      >
        {(props) => (
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase"
            {...props}
            {...register('code')}
          />
        )}
      </FormField>
      <FormField id="discount-percentage" label="Percentage" error={errors.percentage?.message}>
        {(props) => <Input {...moneyInputProps} max="100" {...props} {...register('percentage')} />}
      </FormField>
      <FormField id="discount-amount" label="Amount" error={errors.amount?.message}>
        {(props) => <Input {...moneyInputProps} {...props} {...register('amount')} />}
      </FormField>
      <FormField id="discount-valid-from" label="Valid from" error={errors.validFrom?.message}>
        {(props) => <Input type="date" required {...props} {...register('validFrom')} />}
      </FormField>
      <FormField id="discount-valid-to" label="Valid to (optional)" error={errors.validTo?.message}>
        {(props) => <Input type="date" {...props} {...register('validTo')} />}
      </FormField>
      <FormField
        id="discount-max-redemptions"
        label="Max redemptions (optional)"
        hint="Uses in total, open checkouts included; empty for no limit."
        error={errors.maxRedemptions?.message}
      >
        {(props) => (
          <Input
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            {...props}
            {...register('maxRedemptions')}
          />
        )}
      </FormField>
      <div className="self-center">
        <FormSwitchField
          control={control}
          name="oncePerPerson"
          id="discount-once-per-person"
          label="Once per person"
          description="A customer may use the code for one payment only."
        />
      </div>
      <Controller
        control={control}
        name="applicablePlans"
        render={({ field }) => (
          <ApplicablePlansField
            planNames={planNames}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <FormSwitchField
        control={control}
        name="active"
        id="discount-active"
        label="Active"
        description="Switch off to pause the discount without deleting it."
      />
    </form>
  )
}
