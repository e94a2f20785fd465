import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

/** How good a figure is: green, yellow or red. The figure itself is always shown too. */
export type Tone = 'good' | 'fair' | 'poor'

const toneClassNames: Record<Tone, string> = {
  good: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  fair: 'border-transparent bg-yellow-100 text-yellow-900 dark:bg-yellow-400/15 dark:text-yellow-200',
  poor: 'border-transparent bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
}

/** A figure (a margin, a score) in the colour of its tone. */
export function ToneBadge({
  tone,
  children,
  className,
}: {
  tone: Tone
  children: ReactNode
  className?: string
}) {
  return (
    <Badge variant="outline" className={cn('tabular-nums', toneClassNames[tone], className)}>
      {children}
    </Badge>
  )
}
