import type { TicketPriority, TicketStatus } from '@common/support'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'

export const ticketPriorityLabels: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
}

export const ticketStatusLabels: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
}

const priorityClassNames: Record<TicketPriority, string> = {
  low: 'border-transparent bg-muted text-muted-foreground',
  medium: 'border-transparent bg-secondary text-secondary-foreground',
  high: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  urgent: 'border-transparent bg-destructive text-destructive-foreground',
}

const statusClassNames: Record<TicketStatus, string> = {
  open: 'border-transparent bg-accent text-accent-foreground',
  in_progress: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  resolved:
    'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  closed: 'text-muted-foreground',
}

/** A ticket's priority, with urgent in the destructive colour. */
export function PriorityBadge({
  priority,
  className,
}: {
  priority: TicketPriority
  className?: string
}) {
  return (
    <Badge variant="outline" className={cn(priorityClassNames[priority], className)}>
      <span className="sr-only">Priority: </span>
      {ticketPriorityLabels[priority]}
    </Badge>
  )
}

export function StatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(statusClassNames[status], className)}>
      <span className="sr-only">Status: </span>
      {ticketStatusLabels[status]}
    </Badge>
  )
}
