import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  type CommandContext,
} from '../audit/command'
import { addPersonNote, deletePersonNote } from './person-notes.service'

// Recorded on the person, so that their timeline shows who wrote or removed a note.
export const personNoteActions = {
  add: auditAction('trial_request', 'add_note'),
  remove: auditAction('trial_request', 'delete_note'),
}

/** A staff note on a person, signed with the acting admin's name. */
export async function addNote(ctx: CommandContext, input: { personId: string; body: string }) {
  const { personId, body } = input
  const { username } = actingAdmin(ctx)
  const entry = { entityId: personId, details: fieldsOf({ body }) }
  return auditedChange(ctx, personNoteActions.add, entry, (tx) =>
    addPersonNote(tx, personId, { body, authorUsername: username }, ctx.now()),
  )
}

export async function deleteNote(ctx: CommandContext, input: { personId: string; noteId: string }) {
  const { personId, noteId } = input
  await auditedChange(ctx, personNoteActions.remove, { entityId: personId, details: null }, (tx) =>
    deletePersonNote(tx, personId, noteId),
  )
}
