import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { supportTickets } from '../../db/schema/support-tickets'
import { setRecent } from '../../lib/recent-map'
import type { EventBus } from '../../realtime/event-bus'

/** A ticket's customer side, fixed when the ticket is opened: who, at what address, about what. */
export type TicketContact = {
  id: string
  customerName: string
  customerEmail: string
  subject: string
}

/**
 * Tickets' customer sides, kept per process by id. Only erasing their person changes them once a
 * ticket is opened, and that is announced on the bus (`ticket_contacts_changed`): every process
 * forgets those tickets, and after a gap in events all of them. Unknown ids are never kept. A customer's socket names its
 * ticket when it connects, so the ticket an agent answers is usually at hand (decision 0019).
 */
export function createTicketContacts(db: Db, bus: EventBus, maxEntries = 10_000) {
  const entries = new Map<string, TicketContact>()
  bus.subscribe((event) => {
    if (event.kind === 'ticket_contacts_changed')
      event.ticketIds.forEach((id) => entries.delete(id))
  })
  bus.onResync(() => entries.clear())

  async function read(id: string): Promise<TicketContact | null> {
    const [row] = await db
      .select({
        id: supportTickets.id,
        customerName: supportTickets.customerName,
        customerEmail: supportTickets.customerEmail,
        subject: supportTickets.subject,
      })
      .from(supportTickets)
      .where(eq(supportTickets.id, id))
    return row ?? null
  }

  return {
    async find(id: string): Promise<TicketContact | null> {
      // Least recently used goes first: the ids come from visitors.
      const contact = entries.get(id) ?? (await read(id))
      if (contact) setRecent(entries, id, contact, maxEntries)
      return contact
    },
  }
}

export type TicketContacts = ReturnType<typeof createTicketContacts>
