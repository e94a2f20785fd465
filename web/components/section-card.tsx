import type { LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'

type SectionCardProps = {
  title: string
  icon: LucideIcon
  description?: ReactNode
  /** A button beside the title, 'New Plan' say; below it when a phone has no room for both. */
  action?: ReactNode
  className?: string
  children: ReactNode
}

/**
 * A titled card that is one section of a Business Center tab: a region named by its title (an
 * h2), so a screen reader can jump to it.
 */
export function SectionCard({
  title,
  icon: Icon,
  description,
  action,
  className,
  children,
}: SectionCardProps) {
  const titleId = useId()
  return (
    <Card as="section" aria-labelledby={titleId} className={cn('min-w-0', className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <CardTitle as="h2" id={titleId} className="flex items-center gap-2">
            <Icon className="size-5 shrink-0 text-primary" aria-hidden />
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">{children}</CardContent>
    </Card>
  )
}
