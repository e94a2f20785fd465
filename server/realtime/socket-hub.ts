import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import type { ServerFrame } from '../../common/realtime'
import type { Db } from '../db/client'
import { countUnread } from '../modules/notifications/notifications.service'
import type { BusEvent } from './event-bus'

/** One browser tab's socket and what it has proven about itself. */
export type Connection = {
  socket: WebSocket
  /** The admin behind the session cookie of the upgrade request, if any. */
  sessionAdminId: string | null
  ip: string
  role: 'admin' | 'customer' | null
  /** A customer's ticket id (their notification key). */
  key: string | null
  tickets: Set<string>
}

export function send(connection: Connection, frame: ServerFrame): void {
  if (connection.socket.readyState === connection.socket.OPEN)
    connection.socket.send(JSON.stringify(frame))
}

/** Delivers bus events to this process's sockets: admins see everything, customers their tickets. */
export function createSocketHub(db: Db, log: FastifyBaseLogger) {
  const connections = new Set<Connection>()

  async function deliver(event: BusEvent): Promise<void> {
    if (event.kind === 'ticket_updated') {
      const { ticket } = event
      for (const connection of connections) {
        if (connection.role === 'admin' || connection.tickets.has(ticket.id))
          send(connection, { type: 'ticket:updated', ticket })
      }
      return
    }
    if (event.kind === 'chat_message') {
      const { message } = event
      for (const connection of connections) {
        if (connection.role === 'admin') {
          send(connection, { type: 'chat:new_message', ticketId: message.ticketId, message })
          send(connection, { type: 'new_message', ticketId: message.ticketId })
        } else if (connection.tickets.has(message.ticketId)) {
          send(connection, { type: 'chat:new_message', ticketId: message.ticketId, message })
        }
      }
      return
    }
    if (event.kind === 'admin_sessions_ended') return
    const { notification } = event
    const isFor = (connection: Connection) =>
      notification.recipientRole === 'admin'
        ? connection.role === 'admin'
        : connection.role === 'customer' && connection.key === notification.recipientKey
    const recipients = [...connections].filter(isFor)
    if (!recipients.length) return
    // One count per event, shared by every recipient socket.
    const unread = await countUnread(db, {
      role: notification.recipientRole === 'admin' ? 'admin' : 'customer',
      key: notification.recipientKey,
    })
    for (const connection of recipients) {
      send(connection, { type: 'notification:new', data: notification })
      send(connection, { type: 'counter:update', data: { unread } })
    }
  }

  return {
    connections,
    add(connection: Connection) {
      connections.add(connection)
      connection.socket.once('close', () => connections.delete(connection))
    },
    handle(event: BusEvent) {
      deliver(event).catch((error: unknown) => log.warn({ err: error }, 'Socket delivery failed'))
    },
    /** Graceful shutdown: 1001 "going away" tells clients to reconnect elsewhere. */
    closeAll() {
      for (const connection of connections) connection.socket.close(1001, 'Server shutting down')
    },
  }
}

export type SocketHub = ReturnType<typeof createSocketHub>
