import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField, type FormFieldProps } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

type WholeNumberFieldProps = Omit<FormFieldProps, 'children'> & {
  /** What `register(name, …)` returned for the field. */
  registration: UseFormRegisterReturn
  min?: number
  max?: number
}

/** A labelled whole-number input (the number pad on a phone), bound to a react-hook-form field. */
export function WholeNumberField({ registration, min, max, ...field }: WholeNumberFieldProps) {
  return (
    <FormField {...field}>
      {(controlProps) => (
        <Input
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          {...controlProps}
          {...registration}
        />
      )}
    </FormField>
  )
}
