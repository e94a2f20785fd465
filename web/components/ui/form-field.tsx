import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { Label } from './label'

type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export type FormFieldProps = {
  id: string
  label: string
  error?: string | undefined
  /** A line under the control (what to enter, a character count), read with it. */
  hint?: ReactNode
  className?: string
  /** Renders the control with the props that tie it to its label, hint and error message. */
  children: (controlProps: ControlProps) => ReactNode
}

/** A label, its control and the control's validation message, wired for screen readers. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
