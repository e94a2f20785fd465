import type { z } from 'zod'
import type { createTicketInput, updateTicketInput } from '../../../common/support'
import { auditedChange, fieldsOf, type CommandContext } from '../audit/command'
import { createTicket, updateTicket } from './tickets.service'

// The action is named after the area, the entity after the table.
export const updateTicketAction = { action: 'ticket.update', entity: 'support_ticket' }

/** A visitor's new ticket, acknowledged by e-mail when it can be. */
export async function openTicket(ctx: CommandContext, input: z.output<typeof createTicketInput>) {
  const created = await createTicket(ctx.db, ctx.bus, input, ctx.now())
  if (created.unacknowledgedBecause) {
    // Ids and the reason only: logs carry no customer's address.
    ctx.log.info(
      { ticketId: created.ticket.id, reason: created.unacknowledgedBecause },
      'Ticket acknowledgement not sent',
    )
  }
  return created.ticket
}

/** Staff change a ticket's status or assignee; its customer and every admin see it at once. */
export async function changeTicket(
  ctx: CommandContext,
  { id, changes }: { id: string; changes: z.output<typeof updateTicketInput> },
) {
  const entry = { entityId: id, details: fieldsOf(changes) }
  const ticket = await auditedChange(ctx, updateTicketAction, entry, (tx) =>
    updateTicket(tx, id, changes, ctx.now()),
  )
  await ctx.bus.publish({ kind: 'ticket_updated', ticket })
  return ticket
}
