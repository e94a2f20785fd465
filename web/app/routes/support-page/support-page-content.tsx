import { useState } from 'react'
import type { SupportTicket } from '@common/support'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { NotificationProvider } from '@/features/notifications/components/notification-provider'
import { useStoredTicketId } from '@/features/support/use-stored-ticket-id'
import { LiveSocketProvider } from '@/lib/live-socket-context'
import { ActiveTicketView } from './active-ticket-view'
import { NewTicketView, type EntryView } from './new-ticket-view'
import { SupportLayout } from './support-layout'

/**
 * /support: create a ticket or return to one, then chat live. The ticket id is kept in the
 * browser, so a returning visitor lands back in their chat.
 */
export function SupportPageContent() {
  const [ticketId, setTicketId] = useStoredTicketId()
  const [entryView, setEntryView] = useState<EntryView>('create')

  const handleTicketOpened = (ticket: SupportTicket) => setTicketId(ticket.id)
  const handleLeave = (view: EntryView) => {
    setEntryView(view)
    setTicketId(null)
  }

  if (!ticketId) {
    return (
      <SupportLayout>
        <NewTicketView
          view={entryView}
          onViewChange={setEntryView}
          onTicketOpened={handleTicketOpened}
        />
      </SupportLayout>
    )
  }
  // The socket and the bell belong to the ticket: a different ticket gets a fresh pair.
  return (
    <LiveSocketProvider role="customer" socketKey={ticketId}>
      <NotificationProvider role="customer" notificationKey={ticketId}>
        <SupportLayout bell={<NotificationBell />}>
          <ActiveTicketView ticketId={ticketId} onLeave={handleLeave} />
        </SupportLayout>
      </NotificationProvider>
    </LiveSocketProvider>
  )
}
