import type { ReplyVariableValues } from '@common/saved-replies'
import type { SupportTicket } from '@common/support'
import type { TicketCustomer } from './api/get-ticket-customer'

/**
 * A saved reply's variables for one chat: from the customer's record and line where we know
 * them, else from the ticket (name, e-mail); the agent's own display name signs it.
 */
export function ticketReplyValues(
  ticket: Pick<SupportTicket, 'customerName' | 'customerEmail'>,
  customer: TicketCustomer | null | undefined,
  agentName: string,
): ReplyVariableValues {
  const person = customer?.person
  return {
    firstName: person?.firstName ?? ticket.customerName.trim().split(/\s+/)[0] ?? null,
    name: person?.name ?? ticket.customerName,
    email: ticket.customerEmail,
    username: customer?.line?.username ?? null,
    m3uUrl: customer?.line?.m3uUrl ?? null,
    plan: person ? (person.paidPlan ?? person.plan) : null,
    agentName,
  }
}
