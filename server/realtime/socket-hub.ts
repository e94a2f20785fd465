import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import type { NotificationScope } from '../../common/notifications'
import { sessionEndedMessage, socketCloseCodes, type ServerFrame } from '../../common/realtime'
import type { BusEvent } from './event-bus'

/** One browser tab's socket and what it has proven about itself. */
export type Connection = {
  socket: WebSocket
  /** The admin session behind the cookie of the upgrade request, if any. */
  admin: { id: string; sessionId: string } | null
  ip: string
  role: 'admin' | 'customer' | null
  /** A customer's ticket id (their notification key). */
  key: string | null
  tickets: Set<string>
}

/** What the hub needs from the modules, injected so that transport imports none of them. */
export type SocketHubOptions = {
  log: FastifyBaseLogger
  countUnread(scope: NotificationScope): Promise<number>
  /** Of these admin session ids, the ones still live. */
  findLiveSessionIds(sessionIds: string[]): Promise<Set<string>>
  /** Sockets one client address may hold at once in this process; 0: no cap. */
  maxSocketsPerIp: number
}

export function send(connection: Connection, frame: ServerFrame): void {
  if (connection.socket.readyState === connection.socket.OPEN)
    connection.socket.send(JSON.stringify(frame))
}

/** Tells the socket its admin session is over and closes it; nothing more is sent to it. */
export function endAdminSocket(connection: Connection): void {
  connection.role = null
  connection.admin = null
  const message = sessionEndedMessage
  send(connection, { type: 'auth:failed', message })
  connection.socket.close(socketCloseCodes.sessionEnded, message)
}

/** Delivers bus events to this process's sockets: admins see everything, customers their tickets. */
export function createSocketHub(options: SocketHubOptions) {
  const connections = new Set<Connection>()
  const countByIp = new Map<string, number>()

  function endSessions(userId: string, sessionIds: string[] | null): void {
    for (const connection of connections) {
      const { admin } = connection
      if (admin?.id !== userId || (sessionIds && !sessionIds.includes(admin.sessionId))) continue
      // A socket that has not identified as admin (yet) just loses the credential.
      if (connection.role === 'admin') endAdminSocket(connection)
      else connection.admin = null
    }
  }

  async function deliver(event: BusEvent): Promise<void> {
    if (event.kind === 'admin_sessions_ended') return endSessions(event.userId, event.sessionIds)
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
    if (event.kind !== 'notification') return
    const { notification } = event
    const isFor = (connection: Connection) =>
      notification.recipientRole === 'admin'
        ? connection.role === 'admin'
        : connection.role === 'customer' && connection.key === notification.recipientKey
    const recipients = [...connections].filter(isFor)
    if (!recipients.length) return
    // One count per event, shared by every recipient socket.
    const unread = await options.countUnread({
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
    /** Adds the socket unless its address already holds the most it may; answers whether it did. */
    add(connection: Connection): boolean {
      const count = countByIp.get(connection.ip) ?? 0
      if (options.maxSocketsPerIp > 0 && count >= options.maxSocketsPerIp) return false
      countByIp.set(connection.ip, count + 1)
      connections.add(connection)
      connection.socket.once('close', () => {
        connections.delete(connection)
        const left = (countByIp.get(connection.ip) ?? 1) - 1
        if (left === 0) countByIp.delete(connection.ip)
        else countByIp.set(connection.ip, left)
      })
      return true
    },
    handle(event: BusEvent) {
      deliver(event).catch((error: unknown) =>
        options.log.warn({ err: error }, 'Socket delivery failed'),
      )
    },
    /** Closes admin sockets whose session expired or vanished without a bus event saying so. */
    async sweepAdminSessions(): Promise<void> {
      const watched = [...connections].flatMap((connection) =>
        connection.role === 'admin' && connection.admin
          ? [{ connection, sessionId: connection.admin.sessionId }]
          : [],
      )
      if (!watched.length) return
      const live = await options.findLiveSessionIds([...new Set(watched.map((w) => w.sessionId))])
      for (const { connection, sessionId } of watched) {
        if (!live.has(sessionId)) endAdminSocket(connection)
      }
    },
    /** Events may have been missed: every socket is told to refetch what it shows. */
    resync() {
      for (const connection of connections) send(connection, { type: 'resync' })
    },
    /** Graceful shutdown: 1001 "going away" tells clients to reconnect elsewhere. */
    closeAll() {
      for (const connection of connections) connection.socket.close(1001, 'Server shutting down')
    },
  }
}

export type SocketHub = ReturnType<typeof createSocketHub>
