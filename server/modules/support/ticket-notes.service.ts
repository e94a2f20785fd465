import { desc, eq } from 'drizzle-orm'
import type { TicketNote } from '../../../common/support'
import type { Db } from '../../db/client'
import { ticketNotes } from '../../db/schema/ticket-notes'
import { requireTicket } from './tickets.service'

// A chat's notes are read beside it; older ones than this are not.
const notesLimit = 200

function presentTicketNote(row: typeof ticketNotes.$inferSelect): TicketNote {
  return { ...row, createdAt: row.createdAt.toISOString() }
}

/** The ticket's private notes, oldest first (they sit in the conversation's order). */
export async function listTicketNotes(db: Db, ticketId: string): Promise<TicketNote[]> {
  await requireTicket(db, ticketId)
  const rows = await db
    .select()
    .from(ticketNotes)
    .where(eq(ticketNotes.ticketId, ticketId))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id))
    .limit(notesLimit)
  return rows.reverse().map(presentTicketNote)
}

/** Stores a note; publish `ticket_note` (to admins only) once the transaction has committed. */
export async function addTicketNote(
  db: Db,
  ticketId: string,
  note: { body: string; authorUsername: string },
  now: Date,
): Promise<TicketNote> {
  await requireTicket(db, ticketId)
  const [row] = await db
    .insert(ticketNotes)
    .values({ ticketId, ...note, createdAt: now })
    .returning()
  return presentTicketNote(row!)
}
