import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Label } from '@/components/ui/label'

type CheckFieldProps = {
  id: string
  label: string
  /** What ticking it does, read with the box. */
  hint: ReactNode
  registration: UseFormRegisterReturn
}

/** A labelled checkbox with a line on what it does, bound to a react-hook-form field. */
export function CheckField({ id, label, hint, registration }: CheckFieldProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-describedby={`${id}-hint`}
        {...registration}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  )
}
