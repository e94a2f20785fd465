import { History, LifeBuoy } from 'lucide-react'
import type { SupportTicket } from '@common/support'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { CreateTicketForm } from '@/features/support/components/create-ticket-form'
import { ReturnToChatForm } from '@/features/support/components/return-to-chat-form'
import { useIsHydrated } from '@/lib/use-is-hydrated'

export type EntryView = 'create' | 'return'

type NewTicketViewProps = {
  view: EntryView
  onViewChange: (view: EntryView) => void
  onTicketOpened: (ticket: SupportTicket) => void
}

/** Before a chat: the create form, or the Ticket ID box behind 'Return to Existing Chat'. */
export function NewTicketView({ view, onViewChange, onTicketOpened }: NewTicketViewProps) {
  // Rendered on the server: a click before the script takes over would do nothing.
  const isHydrated = useIsHydrated()
  if (view === 'return') {
    return (
      <Card className="w-full max-w-xl">
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <History className="size-5 text-primary" aria-hidden />
            Return to Existing Chat
          </CardTitle>
          <CardDescription>
            Enter the ticket ID you received when you opened your ticket.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ReturnToChatForm onFound={onTicketOpened} onCancel={() => onViewChange('create')} />
        </CardContent>
      </Card>
    )
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
      <Card className="lg:col-start-2 lg:row-start-1">
        <CardHeader>
          <CardTitle as="h2">Already have a ticket?</CardTitle>
          <CardDescription>Pick up your conversation where you left it.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="outline"
            className="w-full"
            disabled={!isHydrated}
            onClick={() => onViewChange('return')}
          >
            <History aria-hidden />
            Return to Existing Chat
          </Button>
        </CardContent>
      </Card>
      <Card className="lg:col-start-1 lg:row-start-1">
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <LifeBuoy className="size-5 text-primary" aria-hidden />
            Create New Support Ticket
          </CardTitle>
          <CardDescription>
            Tell us what you need. You can chat with an agent as soon as the ticket is open.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CreateTicketForm onCreated={onTicketOpened} />
        </CardContent>
      </Card>
    </div>
  )
}
