import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** The browser's own checkbox in the theme's colour: native keyboard and screen-reader support. */
export function RowCheckbox({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  )
}
