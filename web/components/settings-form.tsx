import { Save } from 'lucide-react'
import type { FormEventHandler, ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

type SettingsFormProps = {
  /** The form's accessible name, its card's title. */
  label: string
  onSubmit: FormEventHandler<HTMLFormElement>
  /** Whether a field changed: until then there is nothing to save. */
  isDirty: boolean
  isPending: boolean
  submitLabel: string
  children: ReactNode
}

/** A settings card's form: its fields, then one Save button that shows progress. */
export function SettingsForm({
  label,
  onSubmit,
  isDirty,
  isPending,
  submitLabel,
  children,
}: SettingsFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="grid gap-4">
      {children}
      <Button type="submit" className="w-fit" disabled={!isDirty || isPending}>
        {isPending ? <Spinner /> : <Save aria-hidden />}
        {submitLabel}
      </Button>
    </form>
  )
}
