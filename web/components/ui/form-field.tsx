import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { Label } from './label'

type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

type FormFieldProps = {
  id: string
  label: string
  error?: string | undefined
  className?: string
  /** Renders the control with the props that tie it to its label and error message. */
  children: (controlProps: ControlProps) => ReactNode
}

/** A label, its control and the control's validation message, wired for screen readers. */
export function FormField({ id, label, error, className, children }: FormFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
