import { z } from 'zod'
import { notificationRoles, type Notification } from './notifications'
import type { PaymentImportProgress } from './payment-imports'
import {
  sendChatMessageInput,
  type ChatMessage,
  type ChatSenderType,
  type SupportTicket,
  type TicketNote,
} from './support'

/** Frames a client sends on /ws. */
export const clientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('identify'),
    role: z.enum(notificationRoles),
    key: z.string().max(255).nullish(),
  }),
  z.object({ type: z.literal('join_ticket'), ticketId: z.uuid() }),
  z.object({ type: z.literal('send_message'), payload: sendChatMessageInput }),
  /** Someone is typing in a ticket's chat: told to the other side. */
  z.object({ type: z.literal('typing'), ticketId: z.uuid() }),
])
/** A frame as a client writes it. */
export type ClientFrameInput = z.input<typeof clientFrame>
/** A frame as the server reads it, after validation. */
export type ClientFrame = z.output<typeof clientFrame>
export type SendMessageFrame = Extract<ClientFrame, { type: 'send_message' }>

/**
 * Frames the server sends on /ws: the specification's, plus `error` for a frame it could not accept,
 * `ticket:updated` when staff change a ticket's status or assignee, `ticket:note` (to admins only)
 * when an agent writes a private note, `typing` when the other side types, and `resync` when the server
 * may have missed events (its database connection was lost): refetch whatever is shown.
 * `import:progress` goes to the sockets of the admin whose payment history upload it follows.
 */
export type ServerFrame =
  | { type: 'auth:verified'; role: 'admin' | 'customer' }
  | { type: 'auth:failed'; message: string }
  | { type: 'auth:error'; message: string }
  | { type: 'notification:new'; data: Notification }
  | { type: 'counter:update'; data: { unread: number } }
  | { type: 'new_message'; ticketId: string }
  | { type: 'chat:new_message'; ticketId: string; message: ChatMessage }
  | { type: 'ticket:updated'; ticket: SupportTicket }
  | { type: 'ticket:note'; note: TicketNote }
  | { type: 'typing'; ticketId: string; senderType: ChatSenderType }
  | { type: 'error'; message: string }
  | { type: 'resync' }
  | { type: 'import:progress'; progress: PaymentImportProgress }

/**
 * Why the server closes a socket, besides 1001 at shutdown. Each close follows a frame saying why
 * (`auth:failed` or `error`).
 */
/** The `auth:failed` message sent just before a socket is closed with `sessionEnded`. */
export const sessionEndedMessage = 'Your session has ended'

export const socketCloseCodes = {
  /** The admin session behind the socket ended (logout, expiry, revocation, deletion). */
  sessionEnded: 4401,
  /** Far over the frame rate limit, or over the cap of sockets per address. */
  policyViolation: 1008,
} as const

/**
 * A socket's typing frames for one ticket count at most once per this interval (the server drops
 * the rest); a client shows "typing…" for twice as long after the last one it hears.
 */
export const typingIntervalMs = 2_000

/**
 * The browser's live socket: up to 5 attempts in a row, none after a normal close (1000), an
 * ended session (4401) or a refusal (1008). A socket not open within `connectTimeoutMs` is given
 * up as a failed attempt; an open one counts as a success only once it stayed up `stableMs`
 * (a server that accepts, then drops at once, is not hammered).
 */
export const reconnectPolicy = { maxAttempts: 5, connectTimeoutMs: 10_000, stableMs: 5_000 }

/** Its waits (and the chat outbox's): steps of 1 s doubling, at most 30 s, jittered (backoff.ts). */
export const reconnectBackoff = { baseMs: 1_000, capMs: 30_000 }
