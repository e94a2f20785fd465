import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'

type SwitchFieldProps = {
  id: string
  label: string
  /** A line under the label saying what the switch does. */
  description?: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/** A form's on/off field: the switch beside its label. */
export function SwitchField({
  id,
  label,
  description,
  checked,
  onCheckedChange,
}: SwitchFieldProps) {
  const descriptionId = `${id}-description`
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={description ? descriptionId : undefined}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </div>
    </div>
  )
}

type FormSwitchFieldProps<T extends FieldValues, TOutput> = Omit<
  SwitchFieldProps,
  'checked' | 'onCheckedChange'
> & {
  control: Control<T, unknown, TOutput>
  name: FieldPathByValue<T, boolean | undefined>
}

/** A SwitchField bound to a react-hook-form field; unset reads as on, the schemas' default. */
export function FormSwitchField<T extends FieldValues, TOutput>({
  control,
  name,
  ...field
}: FormSwitchFieldProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange } }) => (
        <SwitchField {...field} checked={value ?? true} onCheckedChange={onChange} />
      )}
    />
  )
}
