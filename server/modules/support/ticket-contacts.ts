import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { supportTickets } from '../../db/schema/support-tickets'
import { setRecent } from '../../lib/recent-map'

/** A ticket's customer side, fixed when the ticket is opened: who, at what address, about what. */
export type TicketContact = {
  id: string
  customerName: string
  customerEmail: string
  subject: string
}

/**
 * Tickets' customer sides, kept per process by id. Nothing changes them once a ticket is opened,
 * so no process needs telling; only unknown ids are never kept. A customer's socket names its
 * ticket when it connects, so the ticket an agent answers is usually at hand (decision 0019).
 */
export function createTicketContacts(db: Db, maxEntries = 10_000) {
  const entries = new Map<string, TicketContact>()

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
