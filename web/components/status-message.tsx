import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

type StatusMessageProps = {
  icon: LucideIcon
  /** A bold first line above the message. */
  title?: string
  /** The title is a heading: h1 when the message is all the page shows. */
  titleAs?: 'h1' | 'h2'
  children: ReactNode
  /** An action under the message, a retry button say. */
  action?: ReactNode
  role?: 'alert' | 'status'
  className?: string
}

/** The loading-failed and nothing-here states of a list. */
export function StatusMessage({
  icon: Icon,
  title,
  titleAs: Title = 'h2',
  children,
  action,
  role,
  className,
}: StatusMessageProps) {
  return (
    <div
      role={role}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed bg-muted/40 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      {title && (
        <Title
          className={Title === 'h1' ? 'text-2xl font-bold tracking-tight' : 'text-lg font-semibold'}
        >
          {title}
        </Title>
      )}
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
      {action}
    </div>
  )
}
