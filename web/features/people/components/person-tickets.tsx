import { LifeBuoy } from 'lucide-react'
import { Link } from 'wouter'
import type { PersonTicket } from '@common/people'
import { adminPaths } from '@common/routes'
import { PriorityBadge, StatusBadge } from '@/components/ticket-badges'
import { SectionCard } from '@/components/section-card'
import { formatShortDate } from '@/lib/format'

/** The support tickets opened with this person's e-mail, each linking to its chat. */
export function PersonTickets({ tickets }: { tickets: PersonTicket[] }) {
  return (
    <SectionCard title="Tickets" icon={LifeBuoy} description="Opened with this e-mail address.">
      {tickets.length === 0 ? (
        <p className="text-sm text-muted-foreground">No support tickets.</p>
      ) : (
        <ul className="grid divide-y rounded-lg border">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <Link
                href={adminPaths.ticket(ticket.id)}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <span className="min-w-48 flex-1 font-medium break-words">{ticket.subject}</span>
                <PriorityBadge priority={ticket.priority} />
                <StatusBadge status={ticket.status} />
                <time dateTime={ticket.createdAt} className="text-xs text-muted-foreground">
                  {formatShortDate(ticket.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
