import { EventEmitter } from 'node:events'
import pg from 'pg'
import type { Notification } from '../../common/notifications'
import type { ChatMessage, SupportTicket } from '../../common/support'
import type { Database } from '../db/client'
import { createPayloadJoiner, toNotifyPayloads } from './notify-payloads'

/** What happened, for every server process to tell its sockets. */
export type BusEvent =
  | { kind: 'chat_message'; message: ChatMessage }
  | { kind: 'notification'; notification: Notification }
  | { kind: 'ticket_updated'; ticket: SupportTicket }
  /** An admin's sessions ended (logout, password change, deletion): `null` means all of them. */
  | { kind: 'admin_sessions_ended'; userId: string; sessionIds: string[] | null }

export type EventBus = {
  publish(event: BusEvent): Promise<void>
  subscribe(handler: (event: BusEvent) => void): () => void
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
    async close() {
      emitter.removeAllListeners()
    },
  }
}

/**
 * Fans events out to every process through PostgreSQL LISTEN/NOTIFY. One dedicated connection
 * listens (and reconnects if it drops); publishing uses the pool.
 */
async function createPostgresBus(
  pool: pg.Pool,
  url: string,
  onError: (error: unknown) => void,
): Promise<EventBus> {
  const local = createLocalBus()
  let listener: pg.Client | null = null
  let isClosed = false

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url })
    const join = createPayloadJoiner()
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return
      try {
        const json = join(message.payload)
        if (json) void local.publish(JSON.parse(json) as BusEvent)
      } catch (error) {
        onError(error)
      }
    })
    client.on('error', (error) => {
      onError(error)
      client.end().catch(() => {})
      if (!isClosed) setTimeout(() => void connect().catch(onError), 1000)
    })
    await client.connect()
    await client.query(`listen ${channel}`)
    listener = client
  }
  await connect()

  return {
    async publish(event) {
      const payloads = toNotifyPayloads(JSON.stringify(event))
      // One statement, one transaction: every listener gets all the pieces at its commit.
      await pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        channel,
        payloads,
      ])
    },
    subscribe: local.subscribe,
    async close() {
      isClosed = true
      await local.close()
      await listener?.end().catch(() => {})
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
