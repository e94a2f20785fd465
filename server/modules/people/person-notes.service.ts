import { and, desc, eq } from 'drizzle-orm'
import { personViewLimits, type PersonNote } from '../../../common/people'
import type { Db } from '../../db/client'
import { personNotes } from '../../db/schema/person-notes'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'

type NoteRow = typeof personNotes.$inferSelect

function presentNote({ trialRequestId: _person, ...note }: NoteRow): PersonNote {
  return { ...note, createdAt: note.createdAt.toISOString() }
}

/** The person's notes, newest first. */
export async function listPersonNotes(db: Db, personId: string): Promise<PersonNote[]> {
  const rows = await db
    .select()
    .from(personNotes)
    .where(eq(personNotes.trialRequestId, personId))
    .orderBy(desc(personNotes.createdAt), desc(personNotes.id))
    .limit(personViewLimits.notes)
  return rows.map(presentNote)
}

export async function addPersonNote(
  db: Db,
  personId: string,
  note: { body: string; authorUsername: string },
  now: Date,
): Promise<PersonNote> {
  const [person] = await db
    .select({ id: trialRequests.id })
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const [row] = await db
    .insert(personNotes)
    .values({ trialRequestId: personId, ...note, createdAt: now })
    .returning()
  return presentNote(row!)
}

export async function deletePersonNote(db: Db, personId: string, noteId: string): Promise<void> {
  const rows = await db
    .delete(personNotes)
    .where(and(eq(personNotes.id, noteId), eq(personNotes.trialRequestId, personId)))
    .returning({ id: personNotes.id })
  if (!rows.length) throw notFound('Note not found')
}
