import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import type { AdminRole } from '../../common/admin-users'
import {
  isNotificationForRole,
  supportNotificationKinds,
  type Notification,
  type NotificationScope,
} from '../../common/notifications'
import { sessionEndedMessage, socketCloseCodes, type ServerFrame } from '../../common/realtime'
import type { BusEvent } from './event-bus'

/**
 * One browser tab's socket and what it has proven about itself. Thousands stay open and idle,
 * so it holds plain data; the hub's indexes are changed only through the hub.
 */
export type Connection = {
  socket: WebSocket
  /** The admin session behind the cookie of the upgrade request, if any. */
  admin: { id: string; sessionId: string; role: AdminRole } | null
  ip: string
  role: 'admin' | 'customer' | null
  /** A customer's ticket id (their notification key). */
  key: string | null
  /** Tickets whose events reach this socket: a customer's own, and any it joined. */
  tickets: string[]
  /** When this socket's last typing frame that counted was, and for which ticket. */
  lastTyping: { ticketId: string; at: number } | null
}

/** Whose unread count a frame carries: a customer's, or the staff's (kinds: as a role sees them). */
export type UnreadScope = NotificationScope & { kinds?: readonly string[] }

/** What the hub needs from the modules, injected so that transport imports none of them. */
export type SocketHubOptions = {
  log: FastifyBaseLogger
  countUnread(scope: UnreadScope): Promise<number>
  /** Of these admin session ids, the ones still live. */
  findLiveSessionIds(sessionIds: string[]): Promise<Set<string>>
  /** Sockets one client address may hold at once in this process; 0: no cap. */
  maxSocketsPerIp: number
}

/** A frame as it goes on the wire: serialised and encoded once, however many sockets get it. */
const encode = (frame: ServerFrame) => Buffer.from(JSON.stringify(frame))

function sendEncoded(connection: Connection, data: Buffer): void {
  if (connection.socket.readyState === connection.socket.OPEN)
    connection.socket.send(data, { binary: false })
}

export function send(connection: Connection, frame: ServerFrame): void {
  sendEncoded(connection, encode(frame))
}

/** Delivers bus events to this process's sockets: admins see everything, customers their tickets. */
export function createSocketHub(options: SocketHubOptions) {
  const connections = new Map<WebSocket, Connection>()
  const admins = new Set<Connection>()
  // Nearly every ticket is watched by one socket: an array is the smallest set of one.
  const watchersByTicket = new Map<string, Connection[]>()
  const countByIp = new Map<string, number>()

  function watch(connection: Connection, ticketId: string): void {
    if (connection.tickets.includes(ticketId)) return
    connection.tickets.push(ticketId)
    const watchers = watchersByTicket.get(ticketId)
    if (watchers) watchers.push(connection)
    else watchersByTicket.set(ticketId, [connection])
  }

  function unwatchAll(connection: Connection): void {
    for (const ticketId of connection.tickets) {
      const rest = watchersByTicket.get(ticketId)?.filter((other) => other !== connection) ?? []
      if (rest.length) watchersByTicket.set(ticketId, rest)
      else watchersByTicket.delete(ticketId)
    }
  }

  // One listener shared by every socket, rather than a closure kept per socket.
  function forget(this: WebSocket): void {
    const connection = connections.get(this)
    if (!connection) return
    connections.delete(this)
    admins.delete(connection)
    unwatchAll(connection)
    const left = (countByIp.get(connection.ip) ?? 1) - 1
    if (left === 0) countByIp.delete(connection.ip)
    else countByIp.set(connection.ip, left)
  }

  /** Tells the socket its admin session is over and closes it; nothing more is sent to it. */
  function endAdmin(connection: Connection): void {
    connection.role = null
    connection.admin = null
    admins.delete(connection)
    const message = sessionEndedMessage
    send(connection, { type: 'auth:failed', message })
    connection.socket.close(socketCloseCodes.sessionEnded, message)
  }

  function endSessions(userId: string, sessionIds: string[] | null): void {
    for (const connection of connections.values()) {
      const { admin } = connection
      if (admin?.id !== userId || (sessionIds && !sessionIds.includes(admin.sessionId))) continue
      // A socket that has not identified as admin (yet) just loses the credential.
      if (connection.role === 'admin') endAdmin(connection)
      else connection.admin = null
    }
  }

  const watchersOf = (ticketId: string) => watchersByTicket.get(ticketId) ?? []

  async function deliver(event: BusEvent): Promise<void> {
    if (event.kind === 'admin_sessions_ended') return endSessions(event.userId, event.sessionIds)
    if (event.kind === 'admin_role_changed') {
      for (const connection of connections.values())
        if (connection.admin?.id === event.userId) connection.admin.role = event.role
      return
    }
    if (event.kind === 'ticket_updated') {
      const { ticket } = event
      const data = encode({ type: 'ticket:updated', ticket })
      for (const connection of admins) sendEncoded(connection, data)
      for (const connection of watchersOf(ticket.id))
        if (connection.role !== 'admin') sendEncoded(connection, data)
      return
    }
    if (event.kind === 'typing') {
      const { ticketId, senderType } = event
      const data = encode({ type: 'typing', ticketId, senderType })
      if (senderType === 'customer') for (const connection of admins) sendEncoded(connection, data)
      else
        for (const connection of watchersOf(ticketId))
          if (connection.role === 'customer') sendEncoded(connection, data)
      return
    }
    if (event.kind === 'import_progress') {
      const data = encode({ type: 'import:progress', progress: event.progress })
      for (const connection of admins)
        if (connection.admin?.id === event.userId) sendEncoded(connection, data)
      return
    }
    if (event.kind === 'ticket_note') {
      // Private to the agents: never to a customer's socket, even one watching the ticket.
      const data = encode({ type: 'ticket:note', note: event.note })
      for (const connection of admins) sendEncoded(connection, data)
      return
    }
    if (event.kind === 'chat_message') {
      const { message } = event
      const { ticketId } = message
      const chat = encode({ type: 'chat:new_message', ticketId, message })
      const lobby = encode({ type: 'new_message', ticketId })
      for (const connection of watchersOf(ticketId))
        if (connection.role !== 'admin') sendEncoded(connection, chat)
      for (const connection of admins) {
        sendEncoded(connection, chat)
        sendEncoded(connection, lobby)
      }
      return
    }
    if (event.kind !== 'notification') return
    const { notification } = event
    if (notification.recipientRole !== 'admin') {
      const key = notification.recipientKey
      const customers = watchersOf(key ?? '').filter((c) => c.role === 'customer' && c.key === key)
      return notify(customers, notification, event.unread, { role: 'customer', key })
    }
    const staff = [...admins]
    // Support agents count only the kinds they are told of; everyone else, every kind.
    const support = staff.filter((c) => c.admin?.role === 'support')
    const others = staff.filter((c) => c.admin?.role !== 'support')
    await notify(others, notification, event.unread, { role: 'admin', key: null })
    if (isNotificationForRole(notification.type, 'support')) {
      await notify(support, notification, undefined, {
        role: 'admin',
        key: null,
        kinds: supportNotificationKinds,
      })
    }
  }

  /** One count per audience, shared by its sockets, unless the event carries it. */
  async function notify(
    recipients: Connection[],
    notification: Notification,
    knownUnread: number | undefined,
    scope: UnreadScope,
  ): Promise<void> {
    if (!recipients.length) return
    const unread = knownUnread ?? (await options.countUnread(scope))
    const data = encode({ type: 'notification:new', data: notification })
    const counter = encode({ type: 'counter:update', data: { unread } })
    for (const connection of recipients) {
      sendEncoded(connection, data)
      sendEncoded(connection, counter)
    }
  }

  return {
    connections: () => connections.values(),
    size: () => connections.size,
    /** Adds the socket unless its address already holds the most it may; answers whether it did. */
    add(connection: Connection): boolean {
      const count = countByIp.get(connection.ip) ?? 0
      if (options.maxSocketsPerIp > 0 && count >= options.maxSocketsPerIp) return false
      countByIp.set(connection.ip, count + 1)
      connections.set(connection.socket, connection)
      connection.socket.on('close', forget)
      return true
    },
    identifyAdmin(connection: Connection): void {
      connection.role = 'admin'
      connection.key = null
      admins.add(connection)
    },
    identifyCustomer(connection: Connection, ticketId: string): void {
      admins.delete(connection)
      connection.role = 'customer'
      connection.key = ticketId
      watch(connection, ticketId)
    },
    /** Knowing a ticket's id is the customer's capability for it: its events reach the socket. */
    joinTicket: watch,
    /** Whether a customer's socket in this process receives the ticket's chat. */
    isCustomerWatching: (ticketId: string) =>
      watchersOf(ticketId).some((connection) => connection.role === 'customer'),
    endAdmin,
    handle(event: BusEvent) {
      deliver(event).catch((error: unknown) =>
        options.log.warn({ err: error }, 'Socket delivery failed'),
      )
    },
    /** Closes admin sockets whose session expired or vanished without a bus event saying so. */
    async sweepAdminSessions(): Promise<void> {
      const watched = [...admins].flatMap((connection) =>
        connection.admin ? [{ connection, sessionId: connection.admin.sessionId }] : [],
      )
      if (!watched.length) return
      const live = await options.findLiveSessionIds([...new Set(watched.map((w) => w.sessionId))])
      for (const { connection, sessionId } of watched) {
        // The socket may have ended, or identified otherwise, while the database answered.
        if (!live.has(sessionId) && admins.has(connection)) endAdmin(connection)
      }
    },
    /** Events may have been missed: every socket is told to refetch what it shows. */
    resync() {
      const data = encode({ type: 'resync' })
      for (const connection of connections.values()) sendEncoded(connection, data)
    },
    /** Graceful shutdown: 1001 "going away" tells clients to reconnect elsewhere. */
    closeAll() {
      for (const { socket } of connections.values()) socket.close(1001, 'Server shutting down')
    },
  }
}

export type SocketHub = ReturnType<typeof createSocketHub>
