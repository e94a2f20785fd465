import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { RawData } from 'ws'
import { clientFrame, type ClientFrame } from '../../common/realtime'
import { HttpError } from '../lib/http-error'
import { enforceLimit, publicWriteLimits } from '../plugins/rate-limit'
import { sendChatMessage } from '../modules/chat/chat.service'
import { findTicket } from '../modules/tickets/tickets.service'
import { createSocketHub, send, type Connection } from './socket-hub'

const heartbeatMs = 30_000
const maxFrameBytes = 16 * 1024

function parseFrame(data: RawData): ClientFrame | string {
  try {
    const parsed = clientFrame.safeParse(JSON.parse(data.toString()))
    return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? 'Invalid frame')
  } catch {
    return 'Frames must be JSON'
  }
}

/** The live socket at /ws (spec §7). Registered on the root instance: it owns shutdown. */
export async function registerSocket(app: FastifyInstance) {
  const hub = createSocketHub(app.db, app.log)
  const unsubscribe = app.bus.subscribe(hub.handle)

  await app.register(websocket, {
    options: { maxPayload: maxFrameBytes },
    preClose(done) {
      unsubscribe()
      hub.closeAll()
      app.websocketServer.close(() => done())
    },
  })

  // Sockets whose peer vanished without a close frame are found by a missed pong.
  const alive = new WeakSet<Connection['socket']>()
  const heartbeat = setInterval(() => {
    for (const { socket } of hub.connections) {
      if (!alive.has(socket)) socket.terminate()
      else {
        alive.delete(socket)
        socket.ping()
      }
    }
  }, heartbeatMs)
  heartbeat.unref()
  app.addHook('onClose', async () => clearInterval(heartbeat))

  async function handleFrame(connection: Connection, frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case 'identify': {
        if (frame.role === 'admin') {
          if (!connection.sessionAdminId)
            return send(connection, { type: 'auth:failed', message: 'Admin session required' })
          connection.role = 'admin'
          connection.key = null
          return send(connection, { type: 'auth:verified', role: 'admin' })
        }
        const ticket = frame.key ? await findTicket(app.db, frame.key).catch(() => null) : null
        if (!ticket) return send(connection, { type: 'auth:failed', message: 'Unknown ticket' })
        connection.role = 'customer'
        connection.key = ticket.id
        connection.tickets.add(ticket.id)
        return send(connection, { type: 'auth:verified', role: 'customer' })
      }
      case 'join_ticket': {
        // Knowing a ticket's id is the customer's capability for it.
        const ticket = await findTicket(app.db, frame.ticketId)
        if (!ticket) return send(connection, { type: 'error', message: 'Ticket not found' })
        connection.tickets.add(ticket.id)
        return
      }
      case 'send_message': {
        if (connection.role === null)
          return send(connection, { type: 'auth:error', message: 'Identify first' })
        // The same per-IP limit as POST /api/chat-messages: the socket is no way around it.
        if (connection.role === 'customer') {
          await enforceLimit(
            app.rateLimiter,
            publicWriteLimits.chatMessage,
            connection.ip,
            app.now(),
          )
        }
        await sendChatMessage(app.db, app.bus, { kind: connection.role }, frame.payload, app.now())
        return
      }
    }
  }

  app.get('/ws', { websocket: true, config: { public: true } }, (socket, request) => {
    const connection: Connection = {
      socket,
      sessionAdminId: request.admin?.id ?? null,
      ip: request.ip,
      role: null,
      key: null,
      tickets: new Set(),
    }
    hub.add(connection)
    alive.add(socket)
    socket.on('pong', () => alive.add(socket))
    // Frames are handled one after another, in order: a message sent right after identify
    // must not overtake the identify's ticket lookup.
    let queue = Promise.resolve()
    socket.on('message', (data) => {
      const frame = parseFrame(data)
      queue = queue.then(async () => {
        if (typeof frame === 'string') return send(connection, { type: 'error', message: frame })
        try {
          await handleFrame(connection, frame)
        } catch (error) {
          const message = error instanceof HttpError ? error.message : 'Could not handle the frame'
          if (!(error instanceof HttpError)) app.log.warn({ err: error }, 'Socket frame failed')
          send(connection, { type: 'error', message })
        }
      })
    })
  })
}
