import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type pg from 'pg'
import type { AdminRole } from '../../common/admin-users'
import type { Notification } from '../../common/notifications'
import type { PaymentImportProgress } from '../../common/payment-imports'
import type { ChatMessage, ChatSenderType, SupportTicket, TicketNote } from '../../common/support'
import type { Database } from '../db/client'
import { createPayloadJoiner, toNotifyPayloads } from './notify-payloads'
import { startPostgresListener, type ListenerState } from './postgres-listener'

/** What happened, for every server process to tell its sockets. */
export type BusEvent =
  | {
      kind: 'chat_message'
      message: ChatMessage
      /** An agent's reply whose customer was in the chat here: its e-mail was stored as not needed. */
      isReadLive?: boolean
    }
  /** `unread`: the recipients' count with it, when the publisher read it in the same statement. */
  | { kind: 'notification'; notification: Notification; unread?: number }
  | { kind: 'ticket_updated'; ticket: SupportTicket }
  /** An agent's private note: for admins' sockets only. */
  | { kind: 'ticket_note'; note: TicketNote }
  /** Someone is typing in a ticket's chat (already throttled): told to the other side. */
  | { kind: 'typing'; ticketId: string; senderType: ChatSenderType }
  /** An admin's sessions ended (logout, password change, deletion): `null` means all of them. */
  | { kind: 'admin_sessions_ended'; userId: string; sessionIds: string[] | null }
  /**
   * What a session of `userId` is judged by changed (their second factor), or for `null` the
   * security rules of every session: processes read sessions again.
   */
  | { kind: 'admin_account_changed'; userId: string | null }
  /** A super admin gave `userId` another role: sessions and sockets meet it from now on. */
  | { kind: 'admin_role_changed'; userId: string; role: AdminRole }
  /** An admin changed what the public reads: every process drops what it keeps of it. */
  | { kind: 'public_content_changed'; scope: 'plans' | 'blog' | 'legal' }
  /** Tickets' customer sides changed (their person was erased): processes read them again. */
  | { kind: 'ticket_contacts_changed'; ticketIds: string[] }
  /** How far an admin's payment history upload is: for that admin's sockets only. */
  | { kind: 'import_progress'; userId: string; progress: PaymentImportProgress }

/** What the public reads that a change can make every process forget. */
export type PublicScope = Extract<BusEvent, { kind: 'public_content_changed' }>['scope']

export type EventBus = {
  publish(event: BusEvent): Promise<void>
  subscribe(handler: (event: BusEvent) => void): () => void
  /** Whether events from other processes arrive now; PGlite's in-process bus always listens. */
  state(): ListenerState
  /** Called after a gap in which events were missed, once they arrive again. */
  onResync(handler: () => void): () => void
  close(): Promise<void>
}

const channel = 'app_events'

function createLocalBus(): EventBus {
  const emitter = new EventEmitter().setMaxListeners(0)
  return {
    async publish(event) {
      emitter.emit(channel, event)
    },
    subscribe(handler) {
      emitter.on(channel, handler)
      return () => emitter.off(channel, handler)
    },
    state: () => 'listening',
    // In one process nothing is ever missed.
    onResync: () => () => {},
    async close() {
      emitter.removeAllListeners()
    },
  }
}

/** What travels by NOTIFY: the event, and which process published it. */
type Envelope = { origin: string; event: BusEvent }

/**
 * Fans events out to every process through PostgreSQL LISTEN/NOTIFY: one dedicated connection
 * listens, reconnecting for as long as it takes, and publishing uses the pool. The publishing
 * process tells its own subscribers at once and skips its events coming back, so its sockets do
 * not wait for the NOTIFY round trip. Publishing while the database is down fails, and the
 * caller answers 503 (its write, already stored, reaches this process's sockets).
 */
async function createPostgresBus(
  pool: pg.Pool,
  url: string,
  onError: (error: unknown) => void,
): Promise<EventBus> {
  const local = createLocalBus()
  const resyncHandlers = new Set<() => void>()
  let join = createPayloadJoiner()
  const origin = randomUUID()
  const listener = await startPostgresListener({
    url,
    channel,
    onError,
    onNotification(payload) {
      const json = join(payload)
      if (!json) return
      const envelope = JSON.parse(json) as Envelope
      if (envelope.origin !== origin) void local.publish(envelope.event)
    },
    onResubscribed() {
      // Pieces of an event cut off with the old connection will never be completed.
      join = createPayloadJoiner()
      for (const handler of resyncHandlers) handler()
    },
  })

  return {
    async publish(event) {
      void local.publish(event)
      const payloads = toNotifyPayloads(JSON.stringify({ origin, event } satisfies Envelope))
      // One statement, one transaction: every listener gets all the pieces at its commit.
      await pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        channel,
        payloads,
      ])
    },
    subscribe: local.subscribe,
    state: listener.state,
    onResync(handler) {
      resyncHandlers.add(handler)
      return () => resyncHandlers.delete(handler)
    },
    async close() {
      await local.close()
      await listener.close()
    },
  }
}

/** In-process on PGlite (one process by design); across processes on PostgreSQL. */
export function createEventBus(
  database: Database,
  url: string | null,
  onError: (error: unknown) => void,
) {
  return database.kind === 'postgres' && url
    ? createPostgresBus(database.pool, url, onError)
    : Promise.resolve(createLocalBus())
}
