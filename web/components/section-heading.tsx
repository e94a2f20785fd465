import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

type SectionHeadingProps = {
  /** The heading's id, for the section's aria-labelledby. */
  id: string
  /** A short kicker above the title. */
  eyebrow?: string
  title: string
  description?: string
  /** A link or button beside the heading ("View All"). */
  action?: ReactNode
  align?: 'start' | 'center'
}

/** The title block of a landing-page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  action,
  align = 'start',
}: SectionHeadingProps) {
  const isCentered = align === 'center'
  return (
    <div
      className={cn(
        'mb-10 flex flex-col gap-6 sm:mb-12',
        isCentered ? 'items-center text-center' : 'sm:flex-row sm:items-end sm:justify-between',
      )}
    >
      <div className={cn('flex max-w-2xl flex-col gap-3', isCentered && 'items-center')}>
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">{eyebrow}</p>
        )}
        <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        {description && <p className="text-lg text-pretty text-muted-foreground">{description}</p>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  )
}
