import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  type CommandContext,
} from '../audit/command'
import { addTicketNote } from './ticket-notes.service'

export const addTicketNoteAction = auditAction('support_ticket', 'add_note')

/** An agent's private note in a chat, told to admin sockets only once stored. */
export async function addNoteToTicket(
  ctx: CommandContext,
  input: { ticketId: string; body: string },
) {
  const { ticketId, body } = input
  const { username } = actingAdmin(ctx)
  const entry = { entityId: ticketId, details: fieldsOf({ body }) }
  const note = await auditedChange(ctx, addTicketNoteAction, entry, (tx) =>
    addTicketNote(tx, ticketId, { body, authorUsername: username }, ctx.now()),
  )
  await ctx.bus.publish({ kind: 'ticket_note', note })
  return note
}
