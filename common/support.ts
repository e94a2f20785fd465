import { z } from 'zod'
import { pageQuery } from './api'
import { noteBody } from './notes'

export const ticketStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const
export type TicketStatus = (typeof ticketStatuses)[number]
/** Open and in-progress tickets are the live chats of the lobby. */
export const activeTicketStatuses: readonly TicketStatus[] = ['open', 'in_progress']

export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const
export type TicketPriority = (typeof ticketPriorities)[number]
export const priorityWeight: Record<TicketPriority, number> = {
  urgent: 4,
  high: 3,
  medium: 2,
  low: 1,
}

export const chatSenderTypes = ['admin', 'customer'] as const
export type ChatSenderType = (typeof chatSenderTypes)[number]

/** What an admin's messages are signed with unless they chose a display name. */
export const supportAgentName = 'Support Agent'

/** An admin's own support settings: `displayName` null signs replies as the Support Agent. */
export const agentProfile = z.object({ displayName: z.string().nullable() })
export type AgentProfile = z.infer<typeof agentProfile>

export const updateAgentProfileInput = z.object({
  displayName: z
    .string({ error: 'displayName must be text or null' })
    .trim()
    .max(64, 'Display name must be at most 64 characters')
    // Left empty, replies are signed as the Support Agent again.
    .transform((name) => name || null)
    .nullable(),
})
export type UpdateAgentProfileInput = z.input<typeof updateAgentProfileInput>
// Small enough that an event carrying it fits a PostgreSQL NOTIFY payload (8000 bytes).
export const maxChatMessageLength = 2000

export const supportTicket = z.object({
  id: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  assignedTo: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type SupportTicket = z.infer<typeof supportTicket>

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

export const createTicketInput = z.object({
  customerName: required('Full name', 200),
  customerEmail: z
    .email({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address'),
  subject: required('Subject', 200),
  description: required('Description', 5000),
  priority: z
    .enum(ticketPriorities, { error: 'Priority must be low, medium, high or urgent' })
    .default('medium'),
})
export type CreateTicketInput = z.input<typeof createTicketInput>

export const updateTicketInput = z
  .object({
    status: z
      .enum(ticketStatuses, { error: 'Status must be open, in_progress, resolved or closed' })
      .optional(),
    /** The username of the admin who takes the chat; null hands it back to everyone. */
    assignedTo: z
      .string()
      .trim()
      .min(1, 'Assignee must be an admin')
      .max(64, 'Assignee must be at most 64 characters')
      .nullable()
      .optional(),
  })
  .refine((input) => input.status !== undefined || input.assignedTo !== undefined, {
    message: 'Nothing to update: send status or assignedTo',
  })

export const chatMessage = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  senderType: z.enum(chatSenderTypes),
  senderName: z.string(),
  message: z.string(),
  /** The id the sending browser gave it; null for messages from clients that send none. */
  clientMessageId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
})
export type ChatMessage = z.infer<typeof chatMessage>

const ticketIdField = z.uuid({ error: 'ticketId must be a valid ticket ID' })

/**
 * A chat message as sent, by POST /api/chat-messages and the socket's send_message alike; empty
 * or whitespace-only text is refused on both sides. A `clientMessageId` (a UUID the browser makes
 * per message) makes a resend store nothing new. The spec's payload also carries `senderName`:
 * it is accepted and dropped, because the server names every sender itself.
 */
export const sendChatMessageInput = z.object({
  ticketId: ticketIdField,
  senderType: z
    .enum(chatSenderTypes, { error: 'senderType must be admin or customer' })
    .default('customer'),
  message: z
    .string({ error: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .max(maxChatMessageLength, `Message must be at most ${maxChatMessageLength} characters`),
  clientMessageId: z.uuid({ error: 'clientMessageId must be a UUID' }).optional(),
})
export type SendChatMessageInput = z.input<typeof sendChatMessageInput>

const lastOnly = z
  .enum(['true', 'false'], { error: 'lastOnly must be true or false' })
  .transform((value) => value === 'true')
  .default(false)

/** GET /api/chat-messages/{ticketId}: the path's ticket. */
export const chatHistoryParams = z.object({ ticketId: ticketIdField })
/** GET /api/chat-messages/{ticketId}?lastOnly=true: only the last message. */
export const chatHistoryQuery = z.object({ lastOnly })
/** GET /api/chat-messages?ticketId=…: the specification's other form, the ticket in the query. */
export const chatHistoryByTicketQuery = z.object({ ticketId: ticketIdField, lastOnly })

/** GET /api/support-tickets: a page, optionally of some statuses (`status=open,in_progress`). */
export const listTicketsQuery = pageQuery.extend({
  status: z
    .string()
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(
      z.array(
        z.enum(ticketStatuses, { error: 'status must be open, in_progress, resolved or closed' }),
      ),
    )
    .optional(),
})

/** Which active chats the lobby lists: all, the signed-in agent's, or nobody's yet. */
export const lobbyViews = ['all', 'mine', 'unassigned'] as const
export type LobbyView = (typeof lobbyViews)[number]

/** GET /api/support-tickets/lobby?view=mine */
export const lobbyQuery = z.object({
  view: z.enum(lobbyViews, { error: 'view must be all, mine or unassigned' }).default('all'),
})

/** A lobby row: an active ticket with its chat's state. */
export const lobbyTicket = supportTicket.extend({
  unreadCount: z.number().int(),
  lastMessage: chatMessage.nullable(),
})
export type LobbyTicket = z.infer<typeof lobbyTicket>

/** Lobby order: most unread first, then priority, then newest. */
export function compareLobbyTickets(a: LobbyTicket, b: LobbyTicket): number {
  return (
    b.unreadCount - a.unreadCount ||
    priorityWeight[b.priority] - priorityWeight[a.priority] ||
    Date.parse(b.createdAt) - Date.parse(a.createdAt)
  )
}

/** An agent's private note in a ticket's chat: only admins ever see it. */
export const ticketNote = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  body: z.string(),
  authorUsername: z.string(),
  createdAt: z.iso.datetime(),
})
export type TicketNote = z.infer<typeof ticketNote>

export const createTicketNoteInput = z.object({ body: noteBody })
export type CreateTicketNoteInput = z.input<typeof createTicketNoteInput>
