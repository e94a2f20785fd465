import { Copy, Ticket } from 'lucide-react'
import type { SupportTicket } from '@common/support'
import { PriorityBadge, StatusBadge } from '@/components/ticket-badges'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/format'
import { copyToClipboard } from '@/lib/copy-to-clipboard'

/** The visitor's ticket: its id to keep (with Copy), what they asked and where it stands. */
export function TicketCard({ ticket }: { ticket: SupportTicket }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Ticket className="size-5 text-primary" aria-hidden />
          Your Ticket
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-1.5">
          <p className="text-sm font-medium text-muted-foreground">Ticket ID</p>
          <div className="flex items-center gap-2">
            <code
              data-testid="ticket-id"
              className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all"
            >
              {ticket.id}
            </code>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void copyToClipboard(ticket.id, 'Your ticket ID is on the clipboard.')}
              aria-label="Copy ticket ID"
            >
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <PriorityBadge priority={ticket.priority} />
          <StatusBadge status={ticket.status} />
        </div>
        <dl className="grid gap-4 text-sm">
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Subject</dt>
            <dd className="font-semibold break-words">{ticket.subject}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Created</dt>
            <dd>
              <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Description</dt>
            <dd className="break-words whitespace-pre-wrap">{ticket.description}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  )
}
