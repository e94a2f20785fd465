import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type SupportTicket,
  type TicketStatus,
  type createTicketInput,
  type updateTicketInput,
} from '../../../common/support'
import type { Db } from '../../db/client'
import { supportTickets } from '../../db/schema/support-tickets'
import { users } from '../../db/schema/users'
import { invalidField, notFound } from '../../lib/http-error'
import { keyset } from '../../lib/keyset'
import type { EventBus } from '../../realtime/event-bus'
import { createNotification, publishNotification } from '../notifications/notifications.service'
import { usernameKey } from '../admins/username-key'
import { queueTicketCreated } from '../messages/outbox.service'

type TicketRow = typeof supportTickets.$inferSelect

export function presentTicket(row: TicketRow): SupportTicket {
  const { adminLastReadAt: _adminLastReadAt, ...ticket } = row
  return {
    ...ticket,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * Opens a ticket and tells the admins. Answers, beside it, why its customer is not sent an
 * acknowledgement, when they are not.
 */
export async function createTicket(
  db: Db,
  bus: EventBus,
  input: z.output<typeof createTicketInput>,
  now: Date,
): Promise<{ ticket: SupportTicket; unacknowledgedBecause: string | null }> {
  const { ticket, notification, unacknowledgedBecause } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
    const notification = await createNotification(tx, {
      type: 'support_ticket_created',
      entityId: row!.id,
      recipientRole: 'admin',
      title: `New ${row!.priority} ticket: ${row!.subject}`,
      body: `${row!.customerName} (${row!.customerEmail}) opened a ticket.`,
    })
    const unacknowledgedBecause = await queueTicketCreated(tx, row!, now)
    return { ticket: row!, notification, unacknowledgedBecause }
  })
  await publishNotification(bus, notification)
  return { ticket: presentTicket(ticket), unacknowledgedBecause }
}

export async function findTicket(db: Db, id: string): Promise<SupportTicket | null> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id))
  return row ? presentTicket(row) : null
}

export async function requireTicket(db: Db, id: string): Promise<SupportTicket> {
  const ticket = await findTicket(db, id)
  if (!ticket) throw notFound('Ticket not found')
  return ticket
}

/** Newest first, a page at a time, optionally of some statuses. */
export async function listTickets(
  db: Db,
  {
    statuses,
    limit,
    cursor,
  }: { statuses: TicketStatus[] | null; limit: number; cursor: string | undefined },
): Promise<{ tickets: SupportTicket[]; total: number; nextCursor: string | null }> {
  const byStatus = statuses ? inArray(supportTickets.status, statuses) : undefined
  const pages = keyset(supportTickets, cursor, limit)
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(and(byStatus, pages.after))
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(pages.fetchSize),
    db.select({ total: count() }).from(supportTickets).where(byStatus),
  ])
  const page = pages.page(rows)
  return {
    tickets: page.rows.map(presentTicket),
    total: totals?.total ?? 0,
    nextCursor: page.nextCursor,
  }
}

/** The admin's username as stored, whatever its case in the request. */
async function requireAdminUsername(db: Db, username: string): Promise<string> {
  const [admin] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.usernameKey, usernameKey(username)))
  if (!admin) throw invalidField('assignedTo', 'Assignee must be an admin')
  return admin.username
}

/** Changes status or assignee; publish `ticket_updated` once the transaction has committed. */
export async function updateTicket(
  db: Db,
  id: string,
  changes: z.output<typeof updateTicketInput>,
  now: Date,
): Promise<SupportTicket> {
  const assignedTo = changes.assignedTo
    ? await requireAdminUsername(db, changes.assignedTo)
    : changes.assignedTo
  const [row] = await db
    .update(supportTickets)
    .set({ ...changes, assignedTo, updatedAt: now })
    .where(eq(supportTickets.id, id))
    .returning()
  if (!row) throw notFound('Ticket not found')
  return presentTicket(row)
}
