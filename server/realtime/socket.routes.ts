import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import {
  clientFrame,
  socketCloseCodes,
  type ClientFrame,
  type SendMessageFrame,
  typingIntervalMs,
} from '../../common/realtime'
import { findTextProblem } from '../../common/text-rules'
import { isCrossSiteRequest } from '../lib/cross-site'
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../lib/database-errors'
import { forbidden, HttpError } from '../lib/http-error'
import { createFrameBucket, defaultFrameLimit } from './frame-bucket'
import { createSocketHub, send, type Connection, type SocketHubOptions } from './socket-hub'

const heartbeatMs = 30_000
const maxFrameBytes = 16 * 1024

/**
 * What the socket needs of the modules, given by them at registration: transport imports none of
 * them (docs/decisions/0016-support-area.md).
 */
export type SocketServices = Pick<SocketHubOptions, 'countUnread' | 'findLiveSessionIds'> & {
  /** The ticket a customer's key or join_ticket names, if it exists: its id is the capability. */
  findTicketId(id: string): Promise<string | null>
  /** Stores a chat message sent as a frame, by the same write path (and limit) as HTTP. */
  sendChatMessage(
    sender: { kind: 'admin'; adminId: string } | { kind: 'customer'; ip: string },
    payload: SendMessageFrame['payload'],
  ): Promise<unknown>
}

export type SocketOptions = SocketServices & {
  /** How often admin sockets are checked for a session that expired; tests shorten it. */
  sessionSweepMs?: number
}

function parseFrame(data: RawData): ClientFrame | string {
  try {
    const json: unknown = JSON.parse(data.toString())
    // The same text rule as every HTTP input: chat typed here must be storable too.
    const problem = findTextProblem(json, { allowLineBreaks: true })
    if (problem) return problem.message
    const parsed = clientFrame.safeParse(json)
    return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? 'Invalid frame')
  } catch {
    return 'Frames must be JSON'
  }
}

/** The live socket at /ws. Registered on the root instance: it owns shutdown. */
export async function registerSocket(app: FastifyInstance, options: SocketOptions) {
  const hub = createSocketHub({
    log: app.log,
    countUnread: options.countUnread,
    findLiveSessionIds: options.findLiveSessionIds,
    maxSocketsPerIp: app.config.wsMaxSocketsPerIp,
  })
  const unsubscribe = app.bus.subscribe(hub.handle)
  // Told to the modules, which import nothing of the hub (a reply e-mails who is not in the chat).
  app.decorate('isCustomerInChat', hub.isCustomerWatching)
  app.decorate('openSockets', () => hub.size())
  const stopResync = app.bus.onResync(() => {
    app.log.info('Live events are back after a gap; sockets are told to refetch')
    hub.resync()
  })

  await app.register(websocket, {
    // The hub keeps its own index of sockets; ws's would be a second entry and listener each.
    options: { maxPayload: maxFrameBytes, clientTracking: false },
    preClose(done) {
      unsubscribe()
      stopResync()
      hub.closeAll()
      app.websocketServer.close(() => done())
    },
  })

  // Sockets whose peer vanished without a close frame are found by a missed pong.
  const alive = new WeakSet<WebSocket>()
  function markAlive(this: WebSocket) {
    alive.add(this)
  }
  function closeOnError(this: WebSocket, error: Error) {
    app.log.warn({ err: error }, 'Socket error')
    this.terminate()
  }
  const heartbeat = setInterval(() => {
    for (const { socket } of hub.connections()) {
      if (!alive.has(socket)) socket.terminate()
      else {
        alive.delete(socket)
        socket.ping()
      }
    }
  }, heartbeatMs)
  heartbeat.unref()
  // Logout, deletion and revocation close admin sockets at once through the bus; expiry has no
  // event, so it is looked for.
  const sweep = setInterval(() => {
    hub.sweepAdminSessions().catch((error: unknown) => {
      app.log.warn({ err: error }, 'Admin socket sweep failed')
    })
  }, options.sessionSweepMs ?? heartbeatMs)
  sweep.unref()
  app.addHook('onClose', async () => {
    clearInterval(heartbeat)
    clearInterval(sweep)
  })

  async function hasLiveAdminSession(connection: Connection): Promise<boolean> {
    const { admin } = connection
    if (!admin) return false
    const live = await options.findLiveSessionIds([admin.sessionId])
    // The bus may have ended the session while the database answered.
    return live.has(admin.sessionId) && connection.admin === admin
  }

  async function handleFrame(connection: Connection, frame: ClientFrame): Promise<void> {
    // The handshake's session may have ended since: every admin frame checks it again.
    if (connection.role === 'admin' || (frame.type === 'identify' && frame.role === 'admin')) {
      if (!connection.admin)
        return send(connection, { type: 'auth:failed', message: 'Admin session required' })
      if (!(await hasLiveAdminSession(connection))) return hub.endAdmin(connection)
    }
    switch (frame.type) {
      case 'identify': {
        if (frame.role === 'admin') {
          hub.identifyAdmin(connection)
          return send(connection, { type: 'auth:verified', role: 'admin' })
        }
        // A key that is no ticket id at all is unknown too; an outage is not, it is retried.
        const ticketId = frame.key
          ? await options.findTicketId(frame.key).catch((error: unknown) => {
              if (isDatabaseUnavailable(error)) throw error
              return null
            })
          : null
        if (!ticketId) return send(connection, { type: 'auth:failed', message: 'Unknown ticket' })
        hub.identifyCustomer(connection, ticketId)
        return send(connection, { type: 'auth:verified', role: 'customer' })
      }
      case 'join_ticket': {
        // Knowing a ticket's id is the customer's capability for it.
        const ticketId = await options.findTicketId(frame.ticketId)
        if (!ticketId) return send(connection, { type: 'error', message: 'Ticket not found' })
        return hub.joinTicket(connection, ticketId)
      }
      case 'typing': {
        if (connection.role === null)
          return send(connection, { type: 'auth:error', message: 'Identify first' })
        // A customer types only in a chat they hold the id of (their own, or one they joined).
        if (connection.role === 'customer' && !connection.tickets.includes(frame.ticketId))
          return send(connection, { type: 'error', message: 'Join the ticket first' })
        const now = app.now().getTime()
        const last = connection.lastTyping
        if (last?.ticketId === frame.ticketId && now - last.at < typingIntervalMs) return
        connection.lastTyping = { ticketId: frame.ticketId, at: now }
        return app.bus.publish({
          kind: 'typing',
          ticketId: frame.ticketId,
          senderType: connection.role,
        })
      }
      case 'send_message': {
        if (connection.role === null)
          return send(connection, { type: 'auth:error', message: 'Identify first' })
        const sender =
          connection.role === 'admin' && connection.admin
            ? ({ kind: 'admin', adminId: connection.admin.id } as const)
            : ({ kind: 'customer', ip: connection.ip } as const)
        await options.sendChatMessage(sender, frame.payload)
        return
      }
    }
  }

  // Browsers send the session cookie with a handshake from any site: other sites are refused
  // before the upgrade, by the rule that guards cookie-authenticated writes.
  async function refuseCrossSite(request: FastifyRequest) {
    if (isCrossSiteRequest(request)) throw forbidden('Cross-site request refused')
  }

  // The upgrade's HTTP response is never used once ws answers the handshake, yet the TCP socket
  // would keep it, and through it the request, its headers and logger, for the socket's life.
  async function releaseHttpResponse(request: FastifyRequest, reply: FastifyReply) {
    if (request.ws && reply.raw.socket) reply.raw.detachSocket(reply.raw.socket)
  }

  app.get(
    '/ws',
    {
      websocket: true,
      config: { public: true },
      onRequest: refuseCrossSite,
      preHandler: releaseHttpResponse,
    },
    (socket, request) => {
      // @fastify/websocket's error listener holds the request and reply: one shared instead.
      socket.removeAllListeners('error')
      socket.on('error', closeOnError)
      const connection: Connection = {
        socket,
        admin: request.admin
          ? { id: request.admin.id, sessionId: request.admin.sessionId, role: request.admin.role }
          : null,
        ip: request.ip,
        role: null,
        key: null,
        tickets: [],
        lastTyping: null,
      }
      // Refused after the upgrade, not before: a browser shows a script no handshake status,
      // but it does show a frame and a close reason.
      if (!hub.add(connection)) {
        const message = 'Too many live connections from your address'
        send(connection, { type: 'error', message })
        return socket.close(socketCloseCodes.policyViolation, message)
      }
      alive.add(socket)
      socket.on('pong', markAlive)
      const bucket = createFrameBucket(defaultFrameLimit, app.now().getTime())
      // Frames are handled one after another, in order: a message sent right after identify
      // must not overtake the identify's ticket lookup.
      let queue = Promise.resolve()
      socket.on('message', (data) => {
        if (socket.readyState !== socket.OPEN) return
        const verdict = bucket.take(app.now().getTime())
        if (verdict !== 'accept') {
          const message = 'Too many messages; slow down'
          send(connection, { type: 'error', message })
          if (verdict === 'close') socket.close(socketCloseCodes.policyViolation, message)
          return
        }
        const frame = parseFrame(data)
        queue = queue.then(async () => {
          if (socket.readyState !== socket.OPEN) return
          if (typeof frame === 'string') return send(connection, { type: 'error', message: frame })
          try {
            await handleFrame(connection, frame)
          } catch (error) {
            if (!(error instanceof HttpError)) app.log.warn({ err: error }, 'Socket frame failed')
            const message =
              error instanceof HttpError
                ? error.message
                : isDatabaseUnavailable(error)
                  ? databaseUnavailableMessage
                  : 'Could not handle the frame'
            send(connection, { type: 'error', message })
          }
        })
      })
    },
  )
}
