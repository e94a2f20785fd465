import { CircleAlert, History, MessagesSquare, Plus } from 'lucide-react'
import { ConnectionIndicator } from '@/components/connection-indicator'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { ChatPanel } from '@/features/support/components/chat-panel'
import { useTicket } from '@/features/support/api/get-ticket'
import { TicketCard } from '@/features/support/components/ticket-card'
import { ApiError } from '@/lib/api-client'
import type { EntryView } from './new-ticket-view'
import { useSupportResync } from './use-support-resync'

type ActiveTicketViewProps = {
  ticketId: string
  /** Leaves this ticket for the create form or the return-to-chat form. */
  onLeave: (view: EntryView) => void
}

function TicketLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatusMessage icon={CircleAlert} title="Ticket Not Found" role="alert">
        No ticket found with this ID. Please check your ticket number and try again.
      </StatusMessage>
    )
  }
  return (
    <StatusMessage
      icon={CircleAlert}
      role="alert"
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      Failed to load your ticket. Please try again.
    </StatusMessage>
  )
}

/**
 * The visitor's live chat beside its ticket. The chat comes first, on a phone above the ticket:
 * it is what a visitor comes back to, from a reply's e-mail or a notification.
 */
export function ActiveTicketView({ ticketId, onLeave }: ActiveTicketViewProps) {
  const ticket = useTicket(ticketId)
  useSupportResync()

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onLeave('create')}>
          <Plus aria-hidden />
          Create New Ticket
        </Button>
        <Button variant="outline" onClick={() => onLeave('return')}>
          <History aria-hidden />
          Return to Different Chat
        </Button>
      </div>
      {ticket.isError ? (
        <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle as="h2" className="flex items-center gap-2">
                  <MessagesSquare className="size-5 text-primary" aria-hidden />
                  Live Chat Support
                </CardTitle>
                <ConnectionIndicator />
              </div>
              <CardDescription>
                Our agents answer here. You can leave and come back: the conversation is kept.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {ticket.data ? (
                <ChatPanel
                  ticketId={ticketId}
                  viewer="customer"
                  senderName={ticket.data.customerName}
                  fallbackPollMs={2_000}
                />
              ) : (
                <Skeleton className="h-96" />
              )}
            </CardContent>
          </Card>
          {ticket.data ? <TicketCard ticket={ticket.data} /> : <Skeleton className="h-96" />}
        </div>
      )}
    </div>
  )
}
